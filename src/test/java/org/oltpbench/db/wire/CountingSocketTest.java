package org.oltpbench.db.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

class CountingSocketTest {

    /**
     * A server that answers each request of n bytes with 2n bytes; the client sends two writes before its first read
     * (a pipelined pair: one round trip), then one request, then one more: 3 round trips, bytes counted each way.
     */
    @Test
    void roundTripsAreWritesAfterAReadAndBytesAreCountedEachWay() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread echo = Thread.ofPlatform().start(() -> {
                try (Socket s = server.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                    byte[] b = new byte[1024];
                    for (int want : new int[] {10, 5, 7}) {
                        int got = 0;
                        while (got < want) got += in.read(b, 0, want - got);
                        out.write(new byte[2 * want]);
                        out.flush();
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            Wire w = Wire.mine();
            long rt0 = w.roundTrips(), out0 = w.bytesOut(), in0 = w.bytesIn();
            try (Socket s = new CountingSocketFactory().createSocket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
                OutputStream out = s.getOutputStream();
                InputStream in = s.getInputStream();
                out.write(new byte[6]);
                out.write(new byte[4]); // pipelined: no read between, the same round trip
                readFully(in, 20);
                out.write(new byte[5]);
                readFully(in, 10);
                out.write(7);
                for (int i = 0; i < 6; i++) out.write(0);
                readFully(in, 14);
            }
            echo.join();
            assertEquals(3, w.roundTrips() - rt0);
            assertEquals(22, w.bytesOut() - out0);
            assertEquals(44, w.bytesIn() - in0);
        }
    }

    /** Another thread's I/O on the same socket counts for that thread, not for the one that opened it. */
    @Test
    void theCountsFollowTheThreadDoingTheIo() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket s = new CountingSocketFactory().createSocket(InetAddress.getLoopbackAddress(), server.getLocalPort());
             Socket peer = server.accept()) {
            long mine = Wire.mine().bytesOut();
            long[] theirs = new long[1];
            Thread t = Thread.ofPlatform().start(() -> {
                try {
                    s.getOutputStream().write(new byte[9]);
                    theirs[0] = Wire.mine().bytesOut();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            t.join();
            assertEquals(9, theirs[0]);
            assertEquals(mine, Wire.mine().bytesOut());
            peer.getInputStream().readNBytes(9);
        }
    }

    private static void readFully(InputStream in, int n) throws Exception {
        int got = 0;
        byte[] b = new byte[n];
        while (got < n) got += in.read(b, got, n - got);
    }
}
