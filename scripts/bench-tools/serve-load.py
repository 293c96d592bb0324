#!/usr/bin/env python3
"""Load on `iap serve`: C concurrent keep-alive clients each send R Get
Transaction Info requests (random ids) to a server on STATE, authorized as Apple's libraries
authorize them; prints requests per second, latency percentiles and errors.

Needs Python's `cryptography` (Apple's library brings it) for the ES256 bearer token.
usage: serve-load.py IAP CATALOG STATE TRANSACTIONS [CLIENTS] [REQUESTS] [LABEL]
"""
import base64
import http.client
import json
import os
import plistlib
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

iap, catalog, state, transactions = sys.argv[1:5]
transactions = int(transactions)
clients = int(sys.argv[5]) if len(sys.argv) > 5 else 8
requests = int(sys.argv[6]) if len(sys.argv) > 6 else 500
label = sys.argv[7] if len(sys.argv) > 7 else ""
base = [iap, "--catalog", catalog, "--state", state]


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


key_file = os.path.join(tempfile.mkdtemp(), "bench.p8")
created = json.loads(subprocess.run(base + ["keys", "create", "-o", key_file, "--json"], capture_output=True, check=True).stdout)
bundle = plistlib.load(open(catalog, "rb"))["bundleId"]
key = serialization.load_pem_private_key(open(key_file, "rb").read(), None)
now = int(time.time())
header = b64(json.dumps({"alg": "ES256", "kid": created["keyId"], "typ": "JWT"}).encode())
claims = {"iss": created["issuerId"], "iat": now, "exp": now + 1800, "aud": "appstoreconnect-v1", "bid": bundle}
payload = b64(json.dumps(claims).encode())
r, s = decode_dss_signature(key.sign(f"{header}.{payload}".encode(), ec.ECDSA(hashes.SHA256())))
token = f"{header}.{payload}." + b64(r.to_bytes(32, "big") + s.to_bytes(32, "big"))

server = subprocess.Popen(base + ["serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
url = server.stdout.readline().strip()
host, port = url.removeprefix("http://").split(":")
latencies, errors = [], []
lock = threading.Lock()


def client(seed):
    rng = random.Random(seed)
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    mine, failed = [], []
    for _ in range(requests):
        start = time.perf_counter()
        try:
            connection.request("GET", f"/inApps/v1/transactions/{rng.randint(1, transactions)}", headers={"Authorization": "Bearer " + token})
            response = connection.getresponse()
            body = response.read()
            if response.status != 200 or b"signedTransactionInfo" not in body:
                failed.append(f"HTTP {response.status}: {body[:80]!r}")
        except Exception as e:  # a broken connection is an error of the run, not of the script
            failed.append(repr(e))
            connection = http.client.HTTPConnection(host, int(port), timeout=30)
        mine.append(time.perf_counter() - start)
    with lock:
        latencies.extend(mine)
        errors.extend(failed)


try:
    # One request first, which also lets the server warm its caches.
    client(-1)
    latencies.clear()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - began
finally:
    server.terminate()
    server.wait()
latencies.sort()
count = len(latencies)
p = lambda q: latencies[min(count - 1, int(q * count))] * 1000
print(f"serve {label}: {clients} clients x {requests} Get Transaction Info on {transactions:,} transactions: "
      f"{count / elapsed:,.0f} requests/s, p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, max {latencies[-1] * 1000:.1f} ms, "
      f"{len(errors)} errors (targets: >= 1,000/s, p99 < 25 ms, no error)")
for e in errors[:5]:
    print("  error:", e)
