"""A known load for ResourcesIT: serves its own CPU time in Prometheus' text format on PORT, idles IDLE seconds, burns
BUSY seconds of CPU in one thread, then serves until its standard input closes (the test's last reading taken: a fixed
idle after the burn raced that reading on a busy host, which found the port closed), and exits. It prints its CPU
time before and after the burn, one line each ("burn-start <s>", "burn-end <s>"), so the test knows the load without
measuring it."""
import http.server
import os
import sys
import threading
import time

port, idle, busy = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])


class Metrics(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        rss = int(open("/proc/self/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        body = ("# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total %f\n"
                "# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes %d\n"
                % (time.process_time(), rss)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; version=0.0.4")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Metrics)
threading.Thread(target=server.serve_forever, daemon=True).start()
print("listening", flush=True)
time.sleep(idle)
start = time.process_time()
print("burn-start %f" % start, flush=True)
while time.process_time() - start < busy:
    pass
print("burn-end %f" % time.process_time(), flush=True)
sys.stdin.read()
server.shutdown()
