#!/usr/bin/env python3
"""A TCP relay that delays every byte by DELAY ms in each direction, in order: a network hop on loopback.

    delayproxy.py LISTEN_PORT TARGET_PORT [DELAY_MS=1]

Each chunk read from one side is written to the other DELAY ms after it arrived (so a request and its reply each
wait DELAY: a round trip costs 2 x DELAY more), with the order kept; TCP_NODELAY on both sides. Used by
procbench.sh to set tpccMode=client beside tpccMode=procedures with a hop between client and server (issue 46).
"""
import asyncio
import socket
import sys


async def pipe(reader, writer, delay):
    queue = asyncio.Queue()
    loop = asyncio.get_running_loop()

    async def send():
        while True:
            due, data = await queue.get()
            if data is None:
                break
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(data)
            await writer.drain()
        writer.close()

    sender = asyncio.create_task(send())
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            queue.put_nowait((loop.time() + delay, data))
    except ConnectionError:
        pass
    queue.put_nowait((0, None))
    await sender


async def main(listen, target, delay):
    async def handle(r1, w1):
        try:
            r2, w2 = await asyncio.open_connection("127.0.0.1", target)
        except OSError:
            w1.close()
            return
        for w in (w1, w2):
            w.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        await asyncio.gather(pipe(r1, w2, delay), pipe(r2, w1, delay), return_exceptions=True)

    server = await asyncio.start_server(handle, "127.0.0.1", listen, backlog=512)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), int(sys.argv[2]), (float(sys.argv[3]) if len(sys.argv) > 3 else 1.0) / 1000))
