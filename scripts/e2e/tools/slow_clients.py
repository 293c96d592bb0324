"""Starves `iap serve` as a hostile client would, and measures what a legitimate client gets.

Usage: slow_clients.py URL PATH [SLOW IDLE SECONDS [SOURCE]]
Opens SLOW connections (default 70) that trickle a request head one byte a second, and IDLE
connections (default 70) that send nothing; each is opened again 0.1 s after the server
closes it. Once they are in, a legitimate client GETs PATH for SECONDS (default 8), a new
connection and a 5 s timeout each time, and one keep-alive connection does the same
(reconnecting when the server closed it while idle). Prints one JSON object: the
legitimate requests, how many were answered 200, their statuses, the share of 200s, and how
many connections the attackers opened.

SOURCE: the attackers' source address (127.0.0.2: Linux answers the whole of 127/8 on
loopback), so that they count as another client than the legitimate one (127.0.0.1); when
it cannot be bound they come from the default address.
"""
import http.client, json, socket, sys, threading, time

url, path = sys.argv[1], sys.argv[2]
slow = int(sys.argv[3]) if len(sys.argv) > 3 else 70
idle = int(sys.argv[4]) if len(sys.argv) > 4 else 70
seconds = float(sys.argv[5]) if len(sys.argv) > 5 else 8
source = sys.argv[6] if len(sys.argv) > 6 else None
host, port = url.removeprefix("http://").rsplit(":", 1)
port = int(port)
stop = threading.Event()
lock = threading.Lock()
connects = [0]
head = ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: %s\r\n\r\n" % (path, "a" * 64)).encode()


def attacker(trickle):
    while not stop.is_set():
        try:
            s = socket.socket()
            if source:
                try:
                    s.bind((source, 0))
                except OSError:
                    pass
            s.settimeout(1)
            s.connect((host, port))
            with lock:
                connects[0] += 1
            sent = 0
            while not stop.is_set():
                if trickle and sent < len(head) - 1:
                    s.send(head[sent : sent + 1])
                    sent += 1
                try:
                    if s.recv(4096) == b"":
                        break  # closed by the server
                    break  # answered (503 or 408): closed after it
                except socket.timeout:
                    continue
            s.close()
        except OSError:
            pass
        stop.wait(0.1)


threads = [threading.Thread(target=attacker, args=(i < slow,), daemon=True) for i in range(slow + idle)]
for thread in threads:
    thread.start()
time.sleep(2)  # the attackers are in

statuses = {}


def count(status):
    with lock:
        statuses[str(status)] = statuses.get(str(status), 0) + 1


def fresh():
    end = time.time() + seconds
    while time.time() < end:
        try:
            c = http.client.HTTPConnection(host, port, timeout=5)
            c.request("GET", path)
            r = c.getresponse()
            r.read()
            count(r.status)
            c.close()
        except (OSError, http.client.HTTPException) as error:
            count(type(error).__name__)


def kept_alive():
    end = time.time() + seconds
    c = None
    while time.time() < end:
        for attempt in (1, 2):
            try:
                if c is None:
                    c = http.client.HTTPConnection(host, port, timeout=5)
                c.request("GET", path)
                r = c.getresponse()
                r.read()
                count(r.status)
                if r.getheader("Connection", "").lower() == "close":
                    c.close()
                    c = None
                break
            except (OSError, http.client.HTTPException) as error:
                # A kept-alive connection the server closed while it was idle: a client
                # opens a new one and sends again, once, as HTTP clients do.
                c.close()
                c = None
                if attempt == 2:
                    count(type(error).__name__)
        time.sleep(0.05)


legit = [threading.Thread(target=fresh), threading.Thread(target=kept_alive)]
for thread in legit:
    thread.start()
for thread in legit:
    thread.join()
stop.set()
total = sum(statuses.values())
print(json.dumps({"requests": total, "ok": statuses.get("200", 0), "statuses": statuses,
                  "share": round(statuses.get("200", 0) / max(total, 1), 3), "attackerConnects": connects[0]}))
