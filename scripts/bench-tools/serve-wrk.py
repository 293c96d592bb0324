#!/usr/bin/env python3
"""`iap serve` beside nginx: wrk (1 thread, C keep-alive connections, S seconds)
sends Get Transaction Info requests for random ids of a state of N transactions, with a
valid ES256 bearer token, to `iap serve`, then the same requests to nginx serving, from
files, the very bodies iap answered for those ids. Rounds alternate the two (and any
baseline binary) so that a busy neighbour weighs on all alike; prints each round, then the
median requests/s, the ratio iap/nginx with its spread, the p99s and the errors.

Needs wrk, nginx and Python's `cryptography` (for the token).
usage: serve-wrk.py --iap IAP [--baseline OLDER-IAP] --catalog CATALOG --state STATE
                    --transactions N --work DIR [--label ENV] [--seconds 8] [--connections 8]
                    [--rounds 3]
"""
import argparse
import base64
import http.client
import json
import os
import plistlib
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def bearer_token(iap, catalog, state, work):
    """A token as Apple's libraries make one, for a key `iap keys create` registers."""
    key_file = os.path.join(work, "bench.p8")
    if os.path.exists(key_file):
        os.remove(key_file)
    created = json.loads(subprocess.run([iap, "--catalog", catalog, "--state", state, "keys", "create", "-o", key_file, "--json"],
                                        capture_output=True, check=True).stdout)
    bundle = plistlib.load(open(catalog, "rb"))["bundleId"]
    key = serialization.load_pem_private_key(open(key_file, "rb").read(), None)
    now = int(time.time())
    header = b64(json.dumps({"alg": "ES256", "kid": created["keyId"], "typ": "JWT"}).encode())
    claims = {"iss": created["issuerId"], "iat": now, "exp": now + 1800, "aud": "appstoreconnect-v1", "bid": bundle}
    payload = b64(json.dumps(claims).encode())
    r, s = decode_dss_signature(key.sign(f"{header}.{payload}".encode(), ec.ECDSA(hashes.SHA256())))
    return f"{header}.{payload}." + b64(r.to_bytes(32, "big") + s.to_bytes(32, "big"))


def start_iap(iap, catalog, state):
    server = subprocess.Popen([iap, "--catalog", catalog, "--state", state, "serve", "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = server.stdout.readline().strip()
    return server, int(url.rsplit(":", 1)[1])


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_nginx(root, work):
    """nginx, one worker (wrk has the other core), serving `root` as application/json."""
    prefix = os.path.join(work, "nginx")
    os.makedirs(os.path.join(prefix, "logs"), exist_ok=True)
    port = free_port()
    user = "user root root;\n" if os.geteuid() == 0 else ""
    conf = os.path.join(prefix, "nginx.conf")
    with open(conf, "w") as f:
        f.write(f"""{user}daemon off; worker_processes 1; pid {prefix}/nginx.pid; error_log {prefix}/logs/error.log;
events {{ worker_connections 256; }}
http {{
  access_log off; client_body_temp_path {prefix}/body; proxy_temp_path {prefix}/proxy;
  fastcgi_temp_path {prefix}/fastcgi; uwsgi_temp_path {prefix}/uwsgi; scgi_temp_path {prefix}/scgi;
  default_type application/json; keepalive_requests 1000000;
  server {{ listen 127.0.0.1:{port}; root {root}; }}
}}
""")
    server = subprocess.Popen(["nginx", "-p", prefix, "-c", conf], stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server, port
        except OSError:
            time.sleep(0.05)
    raise SystemExit("nginx did not start: see " + prefix + "/logs/error.log")


def save_bodies(port, token, transactions, root):
    """iap's answer for each id, as nginx's files (one keep-alive connection)."""
    folder = os.path.join(root, "inApps", "v1", "transactions")
    os.makedirs(folder, exist_ok=True)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    sizes = []
    for tid in range(1, transactions + 1):
        connection.request("GET", f"/inApps/v1/transactions/{tid}", headers={"Authorization": "Bearer " + token})
        response = connection.getresponse()
        body = response.read()
        if response.status != 200:
            raise SystemExit(f"iap answered {response.status} for transaction {tid}: {body[:100]!r}")
        with open(os.path.join(folder, str(tid)), "wb") as f:
            f.write(body)
        sizes.append(len(body))
    return statistics.median(sizes)


def wrk(port, script, seconds, connections):
    out = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", script, f"http://127.0.0.1:{port}"],
                         capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", out)
    p99 = float(p99.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    errors = sum(int(n) for n in re.findall(r"Non-2xx or 3xx responses: (\d+)", out))
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if socket_errors:
        errors += sum(int(n) for n in socket_errors.groups())
    return rate, p99, errors


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--iap", required=True)
    parser.add_argument("--baseline")
    parser.add_argument("--catalog", required=True)
    parser.add_argument("--state", required=True)
    parser.add_argument("--transactions", type=int, required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--label", default="")
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    root = os.path.join(args.work, "www")
    shutil.rmtree(root, ignore_errors=True)
    token = bearer_token(args.iap, args.catalog, args.state, args.work)
    script = os.path.join(args.work, "requests.lua")
    with open(script, "w") as f:
        f.write(f"""math.randomseed(32)
wrk.headers["Authorization"] = "Bearer {token}"
request = function() return wrk.format("GET", "/inApps/v1/transactions/" .. math.random(1, {args.transactions})) end
""")
    contenders = [("iap", args.iap)] + ([("before", args.baseline)] if args.baseline else [])
    server, port = start_iap(args.iap, args.catalog, args.state)
    try:
        body = save_bodies(port, token, args.transactions, root)
    finally:
        server.terminate()
        server.wait()
    nginx, nginx_port = start_nginx(os.path.abspath(root), args.work)
    results = {name: [] for name, _ in contenders + [("nginx", None)]}
    try:
        wrk(nginx_port, script, 1, args.connections)  # warms nginx and the page cache
        for round in range(args.rounds):
            for name, binary in contenders:
                server, port = start_iap(binary, args.catalog, args.state)
                try:
                    wrk(port, script, 1, args.connections)  # the first requests index the log
                    results[name].append(wrk(port, script, args.seconds, args.connections))
                finally:
                    server.terminate()
                    server.wait()
            results["nginx"].append(wrk(nginx_port, script, args.seconds, args.connections))
            line = ", ".join(f"{name} {r[-1][0]:,.0f}/s p99 {r[-1][1]:.2f} ms" for name, r in results.items())
            print(f"  serve {args.label} round {round + 1}: {line}", file=sys.stderr, flush=True)
    finally:
        nginx.terminate()
        nginx.wait()
    nginx_rates = [r[0] for r in results["nginx"]]
    print(f"serve {args.label}: wrk -t1 -c{args.connections} -d{args.seconds}s, Get Transaction Info, random ids of "
          f"{args.transactions:,} transactions (median body {body:,.0f} bytes), {args.rounds} rounds; "
          f"nginx from files: {statistics.median(nginx_rates):,.0f} requests/s")
    for name, _ in contenders:
        runs = results[name]
        ratios = [run[0] / nginx[0] for run, nginx in zip(runs, results["nginx"])]
        p99s = [run[1] for run in runs]
        print(f"  {name}: {statistics.median([r[0] for r in runs]):,.0f} requests/s, ratio to nginx "
              f"{statistics.median(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f}; target >= 0.25), "
              f"p99 {statistics.median(p99s):.2f} ms (max {max(p99s):.2f}; target <= 5 ms), "
              f"{sum(run[2] for run in runs)} errors")


if __name__ == "__main__":
    main()
