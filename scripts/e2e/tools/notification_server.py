"""A local stand-in for an app's server, for the end-to-end tests: it accepts App Store Server
Notifications on 127.0.0.1 and appends each request body, one per line, to a file.

Usage: notification_server.py PORT_FILE BODIES_FILE [FAIL_FILE]
Writes the port it listens on to PORT_FILE. While FAIL_FILE exists it answers 500, as a
server that is down would. It stops by itself after five minutes.
"""
import http.server
import os
import sys
import threading
import signal

# Started from a test runner's thread, this process may inherit a mask that blocks SIGTERM,
# and the script's `kill` would then wait for the five-minute stop: unblock it.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})

port_file, bodies_file = sys.argv[1], sys.argv[2]
fail_file = sys.argv[3] if len(sys.argv) > 3 else None


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if fail_file and os.path.exists(fail_file):
            self.send_response(500)
            self.end_headers()
            return
        with open(bodies_file, "ab") as out:
            out.write(body + b"\n")
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
with open(port_file + ".tmp", "w") as out:
    out.write(str(server.server_address[1]))
os.rename(port_file + ".tmp", port_file)
threading.Timer(300, server.shutdown).start()
server.serve_forever()
