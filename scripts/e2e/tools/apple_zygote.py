"""Runs the scripts' Apple-library tools without importing the library each time.

Importing Apple's App Store Server Library takes about half a second, and the end-to-end
scripts run its tools some sixty times. A script starts one server per run, which imports the
library once and forks a child for each tool run, already imported; the tool runs in the
caller's folder, with its environment, arguments and standard streams (passed over a Unix
socket), and its exit status is the caller's.

Usage:
  apple_zygote.py serve SOCKET OWNER_PID   (the library's python; ends with its owner)
  apple_zygote.py run SOCKET PYTHON ARGS   (any python3, -S; ARGS as for PYTHON: a tool
                                            path or -c CODE, then its arguments)
Where the server cannot be reached, `run` becomes PYTHON ARGS itself.
"""
import json
import os
import socket
import sys


def run(path, python, args):
    try:
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        conn.connect(path)
        request = json.dumps({"args": args, "cwd": os.getcwd(), "env": dict(os.environ)}).encode()
        socket.send_fds(conn, [len(request).to_bytes(8, "big") + request], [0, 1, 2])
    except OSError:
        os.execv(python, [python] + args)
    status = b""
    while chunk := conn.recv(64):
        status += chunk
    if not status:
        sys.exit("apple_zygote: the tool's process ended without a status")
    sys.exit(int(status))


def receive(conn):
    data, fds, _, _ = socket.recv_fds(conn, 65536, 3)
    while len(data) < 8 or len(data) < 8 + int.from_bytes(data[:8], "big"):
        more = conn.recv(65536)
        if not more:
            raise EOFError
        data += more
    return json.loads(data[8 : 8 + int.from_bytes(data[:8], "big")]), fds


def child(conn, request, fds):
    import runpy
    import signal
    import traceback

    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
        os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    args = request["args"]
    code = 0
    try:
        if args[0] == "-c":
            sys.argv = ["-c"] + args[2:]
            exec(compile(args[1], "<string>", "exec"), {"__name__": "__main__"})
        else:
            sys.argv = args
            sys.path[0] = os.path.dirname(os.path.abspath(args[0]))
            runpy.run_path(args[0], run_name="__main__")
    except SystemExit as done:
        # As Python's own exit: None is 0, a number is the status, anything else is printed.
        if done.code is None or isinstance(done.code, int):
            code = done.code or 0
        else:
            print(done.code, file=sys.stderr)
            code = 1
    except BaseException:
        traceback.print_exc()
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except OSError:
            pass
    conn.sendall(str(code).encode())
    os._exit(code)


def serve(path, owner):
    import signal

    import importlib

    # What the tools import, imported once here.
    for module in ("api_client", "signed_data_verifier", "promotional_offer", "jws_signature_creator"):
        try:
            importlib.import_module("appstoreserverlibrary." + module)
        except ImportError:
            pass

    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children reap themselves
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path + ".new")
    server.listen(16)
    os.rename(path + ".new", path)  # the socket appears ready
    server.settimeout(0.5)
    while True:
        try:
            os.kill(owner, 0)
        except OSError:
            return
        try:
            conn, _ = server.accept()
        except socket.timeout:
            continue
        conn.settimeout(None)
        try:
            request, fds = receive(conn)
        except (OSError, ValueError, EOFError):
            conn.close()
            continue
        if os.fork() == 0:
            server.close()
            child(conn, request, fds)
        for fd in fds:
            os.close(fd)
        conn.close()


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2], int(sys.argv[3]))
    else:
        run(sys.argv[2], sys.argv[3], sys.argv[4:])
