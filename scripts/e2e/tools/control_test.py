"""Drives `iap serve`'s control plane over HTTP alone, as a pytest-style suite in any language
would: two namespaces at once, every route, the update stream, and the CLI beside
it. Python's standard library only.

Usage: control_test.py URL IAP_BIN
Prints one line per check, `ok - …` or `not ok - …: detail`, and writes openapi.json.
"""
import http.client
import json
import subprocess
import sys
import threading
import time
import urllib.parse

URL, IAP = sys.argv[1], sys.argv[2]
HOST = urllib.parse.urlparse(URL)
P = "com.example.fakegame"
print_lock = threading.Lock()


def check(condition, what, detail=""):
    with print_lock:
        print(("ok - " if condition else "not ok - ") + what + ("" if condition else ": " + str(detail)[:600]), flush=True)
    return condition


def call(method, path, body=None, headers=None):
    """(status, parsed JSON or None, raw bytes)."""
    connection = http.client.HTTPConnection(HOST.hostname, HOST.port, timeout=30)
    data = None if body is None else (body if isinstance(body, (bytes, str)) else json.dumps(body))
    headers = dict(headers or {})
    # A change says it is JSON, as the control plane requires (a form could send nothing else).
    if method != "GET" and "Content-Type" not in headers:
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    raw = response.read()
    connection.close()
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = None
    return response.status, parsed, raw


class Listener:
    """Reads `transactions/updates` on a thread of its own, keeping each event."""

    def __init__(self, base, last_event_id=None):
        self.events, self.lock, self.stopped = [], threading.Lock(), False
        self.connection = http.client.HTTPConnection(HOST.hostname, HOST.port, timeout=60)
        headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
        self.connection.request("GET", base + "/transactions/updates", headers=headers)
        self.response = self.connection.getresponse()
        self.content_type = self.response.getheader("Content-Type")
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        event = {}
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line == "":
                    if "data" in event:
                        with self.lock:
                            self.events.append(event)
                    event = {}
                elif not line.startswith(":") and ":" in line:
                    key, value = line.split(":", 1)
                    event[key] = value[1:] if value.startswith(" ") else value
        except Exception:
            pass

    def wait_for(self, predicate, seconds=10):
        deadline = time.time() + seconds
        while time.time() < deadline:
            with self.lock:
                found = [e for e in self.events if predicate(e)]
            if found:
                return found[0]
            time.sleep(0.05)
        return None

    def close(self):
        self.connection.close()


def transaction_event(condition):
    return lambda e: e.get("event") == "transaction" and condition(json.loads(e["data"]))


def scenario(ns):
    """The issue's Done-when story, over HTTP alone, in namespace `ns`."""
    base = "/ns/%s/iap/v1" % ns
    s, d, _ = call("GET", base + "/products")
    check(s == 200 and len(d["products"]) == 8, ns + ": GET products lists the catalog", (s, d))
    listener = Listener(base)
    check(listener.content_type == "text/event-stream", ns + ": the update stream is text/event-stream", listener.content_type)
    s, d, _ = call("POST", base + "/purchases", {"productId": P + ".pro.monthly", "appAccountToken": "3F2504E0-4F89-11D3-9A0C-0305E82C3301"})
    ids = [t["id"] for t in d["transactions"]] if s == 200 else []
    check(s == 200 and d["transactions"][-1]["state"] == "purchased" and d["transactions"][-1]["jwsRepresentation"],
          ns + ": POST purchases buys, answering signed transactions", (s, d))
    first = ids[-1] if ids else "1"
    s, d, _ = call("GET", base + "/transactions/unfinished")
    check(s == 200 and [t["id"] for t in d["transactions"]] == [first], ns + ": the purchase is unfinished", (s, d))
    check(listener.wait_for(transaction_event(lambda t: t["id"] == first)) is not None, ns + ": the purchase is on the update stream", listener.events)
    s, d, _ = call("POST", base + "/transactions/%s/finish" % first)
    check(s == 200 and d["transactions"][0]["id"] == first, ns + ": finish", (s, d))
    s, d, _ = call("GET", base + "/transactions/unfinished")
    check(s == 200 and d["transactions"] == [], ns + ": nothing unfinished after finishing", (s, d))
    s, d, _ = call("POST", base + "/clock/advance", {"by": "32d"})
    renewals = [t for t in d["transactions"]] if s == 200 else []
    check(s == 200 and d["mode"] == "simulated" and len(renewals) >= 1 and renewals[0]["originalId"] == first,
          ns + ": moving the clock renews the subscription", (s, d))
    renewal = renewals[0]["id"] if renewals else "?"
    event = listener.wait_for(transaction_event(lambda t: t["id"] == renewal))
    check(event is not None, ns + ": the renewal arrives on the update stream", listener.events)
    s, d, _ = call("POST", base + "/transactions/%s/refund" % renewal, {"reason": "developerIssue"})
    check(s == 200 and d["transactions"][0]["revocationReason"] == "developerIssue", ns + ": refund", (s, d))
    check(listener.wait_for(transaction_event(lambda t: t["id"] == renewal and t["revocationDate"])) is not None,
          ns + ": the refund arrives on the update stream", listener.events)
    # Resuming after the first event replays what came after it.
    if event is not None and listener.events:
        resumed = Listener(base, listener.events[0]["id"])
        got = resumed.wait_for(transaction_event(lambda t: t["id"] == renewal))
        check(got is not None, ns + ": Last-Event-ID resumes after an event", resumed.events)
        resumed.close()
    listener.close()
    out = subprocess.run([IAP, "--namespace", ns, "history", "--json"], capture_output=True, text=True)
    ids_cli = [t["id"] for t in json.loads(out.stdout)["transactions"]] if out.returncode == 0 else []
    check(first in ids_cli and renewal in ids_cli, ns + ": iap --namespace shows what HTTP did", out.stdout + out.stderr)
    return first


def main():
    s, d, raw = call("GET", "/iap/v1/openapi.json")
    check(s == 200 and d["openapi"].startswith("3.1"), "GET openapi.json", (s, raw[:200]))
    open("openapi.json", "wb").write(raw)

    results = {}
    threads = [threading.Thread(target=lambda n=n: results.__setitem__(n, scenario(n))) for n in ("suite-a", "suite-b")]
    [t.start() for t in threads]
    [t.join() for t in threads]
    s, a, _ = call("GET", "/ns/suite-a/iap/v1/transactions")
    s2, root, _ = call("GET", "/iap/v1/transactions")
    check(s == 200 and s2 == 200 and root["transactions"] == [] and all(t["productId"].endswith("pro.monthly") for t in a["transactions"]),
          "namespaces are isolated from each other and from the state's own store", (a, root))
    cli_vs_http()
    slow_listener()
    every_route("/ns/routes/iap/v1")
    errors()
    s, d, _ = call("DELETE", "/ns/suite-a/iap/v1")
    check(s == 200, "DELETE /ns/{name}/iap/v1 deletes the namespace", (s, d))
    s, d, _ = call("GET", "/ns/suite-a/iap/v1/transactions")
    check(s == 200 and d["transactions"] == [], "a deleted namespace starts empty when used again", (s, d))
    s, d, _ = call("GET", "/ns/suite-b/iap/v1/transactions")
    check(s == 200 and len(d["transactions"]) >= 2, "deleting one namespace leaves the others", (s, d))


def cli_vs_http():
    subprocess.run([IAP, "--namespace", "shell", "buy", P + ".unlock_maps"], capture_output=True)
    s, d, _ = call("GET", "/ns/shell/iap/v1/transactions?unfinished=true")
    check(s == 200 and [t["productId"] for t in d["transactions"]] == [P + ".unlock_maps"], "a purchase from the shell is seen over HTTP", (s, d))
    import os
    out = subprocess.run([IAP, "queue"], capture_output=True, text=True, env=dict(os.environ, IAP_NAMESPACE="shell"))
    check(out.returncode == 0 and P + ".unlock_maps" in out.stdout, "IAP_NAMESPACE names the namespace as --namespace does", out.stdout + out.stderr)
    out = subprocess.run([IAP, "--namespace", "bad/name", "queue"], capture_output=True, text=True)
    check(out.returncode == 64 and "namespace" in out.stderr, "iap refuses an invalid namespace (exit 64)", out.stderr)


def slow_listener():
    """A listener that never reads holds up no writer, and the other listeners go on."""
    import socket
    base = "/ns/slow/iap/v1"
    stuck = socket.create_connection((HOST.hostname, HOST.port))
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stuck.sendall(("GET %s/transactions/updates HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % base).encode())
    listener = Listener(base)
    bought = []
    for _ in range(40):
        s, d, _ = call("POST", base + "/purchases", {"productId": P + ".coins_1000", "finish": True})
        bought.append(s)
    check(bought == [200] * 40, "40 purchases while a listener never reads", bought)
    last = str(40)
    check(listener.wait_for(transaction_event(lambda t: t["id"] == last)) is not None, "another listener still gets every update", len(listener.events))
    listener.close()
    stuck.close()


def every_route(base):
    def ok(method, path, body=None, expect=200, test=lambda d: True, what=None):
        s, d, raw = call(method, base + path, body)
        check(s == expect and test(d), what or "%s %s" % (method, path), (s, raw[:400]))
        return d
    ok("GET", "/products?id=%s.rocket_car&id=nope" % P, test=lambda d: d["invalidProductIdentifiers"] == ["nope"] and len(d["products"]) == 1)
    ok("GET", "/products?locale=fr_FR", test=lambda d: d["products"][0]["locale"] == "fr_FR")
    failed = ok("POST", "/purchases", {"productId": P + ".extra_lives", "simulatedError": "paymentCancelled"},
                test=lambda d: d["transactions"][-1]["state"] == "failed" and d["error"]["name"] == "paymentCancelled",
                what="a failed purchase is a failed transaction with an error")
    bought = ok("POST", "/purchases", {"productId": P + ".coins_1000", "quantity": 2, "finish": True},
                test=lambda d: d["transactions"][-1]["quantity"] == 2)["transactions"][-1]["id"]
    ok("GET", "/transactions?productId=%s.coins_1000" % P, test=lambda d: [t["id"] for t in d["transactions"]] == [bought])
    ok("GET", "/transactions?state=failed", test=lambda d: len(d["transactions"]) == 1)
    ok("GET", "/transactions?unfinished=false", test=lambda d: bought in [t["id"] for t in d["transactions"]])
    ok("GET", "/transactions/" + bought, test=lambda d: d["transactions"][0]["id"] == bought)
    ok("DELETE", "/transactions/" + failed["transactions"][-1]["id"])
    ok("PATCH", "/settings", {"ask-to-buy": True}, test=lambda d: d["settings"]["ask-to-buy"]["value"] == "on")
    deferred = ok("POST", "/purchases", {"productId": P + ".rocket_car"}, test=lambda d: d["transactions"][-1]["state"] == "deferred")
    ok("POST", "/transactions/%s/approve" % deferred["transactions"][-1]["id"], test=lambda d: d["transactions"][-1]["state"] == "purchased")
    deferred = ok("POST", "/purchases", {"productId": P + ".season_pass"})
    ok("POST", "/transactions/%s/decline" % deferred["transactions"][-1]["id"], test=lambda d: d["transactions"][-1]["state"] == "failed")
    ok("PATCH", "/settings", {"ask-to-buy": None, "interrupted-purchases": "on"},
       test=lambda d: d["settings"]["ask-to-buy"]["source"] == "default")
    interrupted = ok("POST", "/purchases", {"productId": P + ".unlock_maps"})["transactions"][-1]["id"]
    resolved = ok("POST", "/transactions/%s/resolve" % interrupted, test=lambda d: d["transactions"][-1]["state"] == "purchased")
    interrupted = resolved["transactions"][-1]["id"]
    ok("POST", "/transactions/unfinished/finish", test=lambda d: len(d["transactions"]) >= 2)
    ok("GET", "/transactions/unfinished", test=lambda d: d["transactions"] == [])
    ok("PATCH", "/settings", {"interrupted-purchases": "off"})
    ok("GET", "/settings", test=lambda d: d["settings"]["interrupted-purchases"]["value"] == "off")
    ok("PATCH", "/settings", {"ask-to-buy": "sometimes"}, expect=400, what="PATCH settings refuses a bad value")
    ok("POST", "/transactions/%s/refund-request" % interrupted, {"reason": "UNINTENDED_PURCHASE"},
       test=lambda d: d["transactions"][0]["refundRequest"]["status"] == "pending")
    ok("POST", "/transactions/%s/refund-request/decline" % interrupted,
       test=lambda d: d["transactions"][0]["refundRequest"]["status"] == "declined")
    ok("POST", "/transactions/%s/refund" % interrupted, test=lambda d: d["transactions"][0]["revocationDate"])
    ok("POST", "/transactions/%s/refund/reverse" % interrupted, test=lambda d: d["transactions"][0]["refundReversalDate"])
    ok("POST", "/restore", test=lambda d: len(d["transactions"]) >= 2)
    ok("POST", "/sync", test=lambda d: len(d["transactions"]) >= 2)
    ok("GET", "/entitlements", test=lambda d: P + ".unlock_maps" in [t["productId"] for t in d["transactions"]])
    ok("POST", "/family/members", {"member": "kid"})
    ok("GET", "/family", test=lambda d: d["members"] == ["kid"])
    ok("DELETE", "/family/members/kid")
    ok("GET", "/subscriptions/%s.pro.yearly/eligibility" % P, test=lambda d: d["isEligibleForIntroOffer"] is True)
    ok("POST", "/purchases", {"productId": P + ".pro.yearly", "finish": True})
    ok("GET", "/subscriptions/%s.pro.monthly/eligibility" % P, test=lambda d: d["isEligibleForIntroOffer"] is False)
    ok("GET", "/subscriptions/%s.rocket_car/eligibility" % P, expect=404, what="eligibility of what is not a subscription is 404")
    ok("GET", "/subscriptions?productId=%s.pro.yearly" % P, test=lambda d: d["subscriptions"][0]["autoRenewStatus"] is True)
    ok("POST", "/subscriptions/%s.pro.yearly/cancel" % P, test=lambda d: d["subscriptions"][0]["autoRenewStatus"] is False)
    ok("POST", "/subscriptions/%s.pro.yearly/resume" % P, test=lambda d: d["subscriptions"][0]["autoRenewStatus"] is True)
    ok("POST", "/subscriptions/%s.pro.yearly/price-increase" % P, {"price": "49.99"},
       test=lambda d: d["subscriptions"][0]["priceIncrease"]["status"] == "pending")
    ok("POST", "/subscriptions/%s.pro.yearly/price-increase/accept" % P,
       test=lambda d: d["subscriptions"][0]["priceIncrease"]["status"] == "accepted")
    ok("POST", "/subscriptions/%s.pro.yearly/price-increase/decline" % P, expect=409, what="declining an accepted increase is refused (409)")
    ok("POST", "/subscriptions/%s.pro.yearly/renew" % P, test=lambda d: d["subscriptions"][0]["renewals"] >= 1)
    ok("POST", "/subscriptions/%s.pro.yearly/expire" % P, test=lambda d: d["subscriptions"][0]["state"] == "expired")
    ok("GET", "/clock", test=lambda d: d["mode"] == "real")
    ok("POST", "/clock", {"advance": "1d"}, test=lambda d: d["mode"] == "simulated")
    ok("POST", "/clock/set", {"date": "2000-01-01T00:00:00Z"}, expect=400, what="the clock cannot go back (400)")
    ok("POST", "/clock", {"advance": "1d", "real": True}, expect=400, what="POST clock takes exactly one move")
    ok("POST", "/clock", {"real": True}, expect=400, what="the clock cannot go back to the real time once it ran ahead (400)")
    ok("POST", "/clock", {"date": "2030-01-01T00:00:00Z"}, test=lambda d: d["now"] == "2030-01-01T00:00:00Z")
    ok("GET", "/notifications", test=lambda d: len(d["notifications"]) >= 1 and d["notifications"][0]["signedPayload"])
    key = ok("POST", "/keys", expect=201, test=lambda d: d["privateKey"].startswith("-----BEGIN PRIVATE KEY-----"))
    ok("GET", "/keys", test=lambda d: [k["keyId"] for k in d["keys"]] == [key["keyId"]])
    ok("GET", "/certificates/root", test=lambda d: d["pem"].startswith("-----BEGIN CERTIFICATE-----"))
    ok("GET", "/verification", test=lambda d: d["environment"] == "LocalTesting" and len(d["localTestingKey"]) > 20
       and d["rootCertificate"].startswith("-----BEGIN CERTIFICATE-----"))
    public = subprocess.run("openssl ecparam -genkey -name prime256v1 | openssl ec -pubout", shell=True, capture_output=True, text=True).stdout
    ok("PUT", "/keys/EXTERNAL01", {"publicKey": public}, test=lambda d: "EXTERNAL01" in [k["keyId"] for k in d["keys"]])
    ok("PUT", "/keys/EXTERNAL02", {"publicKey": "not a key"}, expect=400, what="PUT keys refuses what is not a public key")
    ok("DELETE", "/keys/EXTERNAL01", test=lambda d: d["removed"] == "EXTERNAL01")
    ok("DELETE", "/keys/EXTERNAL01", expect=404, what="removing an unknown key is 404")
    ok("GET", "/receipt", test=lambda d: d["bundle_id"] == "com.example.fakegame" and len(d["in_app"]) >= 1)
    ok("GET", "/receipt?base64=true", test=lambda d: len(d["receiptData"]) > 100)
    ok("POST", "/receipt/refresh", test=lambda d: d["bundle_id"] == "com.example.fakegame")
    ok("GET", "/app-transaction", test=lambda d: d["signedAppTransaction"].count(".") == 2)
    ok("GET", "/can-make-payments", test=lambda d: d["canMakePayments"] is True)
    ok("GET", "/storefront", test=lambda d: d == {"countryCode": "USA", "id": "143441", "currency": "USD"})
    ok("POST", "/messages/retention/1/accept", expect=400, test=lambda d: "no retention message was shown" in d["error"]["message"],
       what="accepting a retention offer where no message was shown is 400")
    ok("POST", "/purchases", {"productId": P + ".extra_lives"})
    ok("POST", "/reinstall", test=lambda d: P + ".extra_lives" in [t["productId"] for t in d["transactions"]])
    ok("POST", "/clear", test=lambda d: d["cleared"] == "default")
    ok("GET", "/transactions", test=lambda d: d["transactions"] == [])
    ok("DELETE", "", test=lambda d: "reset" in d, what="DELETE resets the namespace")


def errors():
    for method, path, body, status, what in [
        ("GET", "/iap/v1/nothing", None, 404, "an unknown route is 404"),
        ("PUT", "/iap/v1/clock", None, 405, "a wrong method is 405"),
        ("GET", "/ns/bad.name/iap/v1/products", None, 400, "an invalid namespace is 400"),
        ("GET", "/ns/" + "x" * 65 + "/iap/v1/products", None, 400, "a namespace of 65 characters is 400"),
        ("POST", "/iap/v1/purchases", "not json", 400, "a body that is not JSON is 400"),
        ("POST", "/iap/v1/purchases", {"productId": P + ".extra_lives", "colour": "red"}, 400, "an unknown body member is 400"),
        ("POST", "/iap/v1/purchases", {}, 400, "a missing productId is 400"),
        ("POST", "/iap/v1/transactions/999/finish", None, 404, "an unknown transaction is 404"),
        ("GET", "/iap/v1/transactions?state=happy", None, 400, "a bad filter is 400"),
    ]:
        s, d, raw = call(method, path, body)
        check(s == status and d and d["error"]["name"] and d["error"]["message"], what, (s, raw[:300]))
    # An event id the stream never sent starts it over, as a new listener; it damages nothing.
    stray = Listener("/iap/v1", "1")
    check(stray.content_type == "text/event-stream", "a stray Last-Event-ID starts the stream over", stray.content_type)
    stray.close()
    s, d, raw = call("GET", "/iap/v1/status")
    check(s == 200, "a stray Last-Event-ID leaves the store healthy", (s, raw[:300]))


try:
    main()
except Exception as error:  # a crash of the script is a failure, named, never a silent stop
    import traceback
    check(False, "the control test script ran to its end", traceback.format_exc().replace("\n", " | "))
