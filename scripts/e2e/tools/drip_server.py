"""A hostile notification server for the end-to-end tests: it accepts connections on
127.0.0.1 and answers each request one byte every few seconds, never finishing the status
line, so that each read of the client succeeds just inside its timeout.

Usage: drip_server.py PORT_FILE [SECONDS_PER_BYTE]
Writes the port it listens on to PORT_FILE. It stops by itself after five minutes.
"""
import socket
import sys
import threading
import time
import signal

# Started from a test runner's thread, this process may inherit a mask that blocks SIGTERM,
# and the script's `kill` would then wait for the five-minute stop: unblock it.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})

port_file = sys.argv[1]
pause = float(sys.argv[2]) if len(sys.argv) > 2 else 4.0


def drip(connection):
    try:
        connection.recv(65536)
        for byte in b"HTTP/1.1 200 OK" * 100:
            connection.sendall(bytes([byte]))
            time.sleep(pause)
    except OSError:
        pass
    finally:
        connection.close()


listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
with open(port_file + ".tmp", "w") as f:
    f.write(str(listener.getsockname()[1]))
import os

os.rename(port_file + ".tmp", port_file)
threading.Timer(300, lambda: os._exit(0)).start()
while True:
    connection, _ = listener.accept()
    threading.Thread(target=drip, args=(connection,), daemon=True).start()
