"""What the checks made with Apple's App Store Server Library (app-store-server-library on
PyPI) share: a store (a fresh folder holding the bundled catalog, run by the `iap` binary that
IAP_BIN names), `iap serve` started in it on a free port, a receiver of App Store Server
Notifications, and the signing set-up a test asks for (a key, the state's exported root,
Apple's SignedDataVerifier and AppStoreServerAPIClient).
"""
import base64
import http.server
import json
import os
import pathlib
import shutil
import signal
import subprocess
import threading
import time

import attr
from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

ROOT = pathlib.Path(__file__).resolve().parents[2]
P = "com.example.fakegame"


def binary():
    """IAP_BIN made absolute (the tests run in their own folders), or the debug build."""
    path = os.environ.get("IAP_BIN") or str(ROOT / ".build" / "debug" / "iap")
    return os.path.abspath(path) if "/" in path else shutil.which(path) or path


class Result:
    """What one `iap` run gave: its status, stdout and stderr."""

    def __init__(self, completed):
        self.status, self.out, self.err = completed.returncode, completed.stdout, completed.stderr

    def json(self):
        return json.loads(self.out)

    def __repr__(self):
        return "status %s\nstdout: %s\nstderr: %s" % (self.status, self.out[:2000], self.err[:2000])


class Key:
    """A key from `iap keys create`: its .p8 file's bytes, key id and issuer id."""

    def __init__(self, path, key_id, issuer_id):
        self.path, self.key_id, self.issuer_id = path, key_id, issuer_id
        self.private = pathlib.Path(path).read_bytes()


class Server:
    """`iap serve --port 0` running in a store's folder: its URL (the first line it prints)."""

    def __init__(self, folder, arguments=()):
        self.url_file = folder / "url"
        self.err_file = folder / "serve.err"
        with open(self.url_file, "w") as out, open(self.err_file, "w") as err:
            self.process = subprocess.Popen([binary(), "serve", "--port", "0", *arguments], cwd=folder, stdout=out, stderr=err, env=environment())
        # Until the first line is whole; 30 s at most, for a machine under load.
        for _ in range(300):
            text = self.url_file.read_text()
            if "\n" in text:
                self.url = text.split("\n")[0]
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise AssertionError("iap serve printed no URL: %s" % self.err_file.read_text())

    def stop(self, signal_number=signal.SIGTERM):
        """Sends the signal and waits: the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal_number)
        return self.process.wait(timeout=30)

    def stderr(self):
        """What the server wrote to stderr."""
        return self.err_file.read_text()


def environment():
    """This process's environment without what would point `iap` at another catalog or state."""
    env = dict(os.environ)
    for name in ("IAP_CATALOG", "IAP_STATE", "IAP_NAMESPACE"):
        env.pop(name, None)
    return env


class Store:
    """One test's store: a folder with the bundled catalog, the CLI run in it."""

    def __init__(self, folder):
        self.folder = folder
        self.servers = []
        shutil.copy(ROOT / "catalog.plist", folder)

    def path(self, name):
        return self.folder / name

    def run(self, *arguments, env=None):
        """Runs `iap ARGUMENTS…` in this folder, whatever its status."""
        merged = environment()
        merged.update(env or {})
        completed = subprocess.run([binary(), *arguments], cwd=self.folder, env=merged, capture_output=True, text=True, timeout=120)
        return Result(completed)

    def iap(self, *arguments, env=None):
        """Runs `iap ARGUMENTS…`, which must succeed: its stdout."""
        result = self.run(*arguments, env=env)
        assert result.status == 0, "iap %s: %r" % (" ".join(arguments), result)
        return result.out

    def json(self, *arguments, env=None):
        """`iap ARGUMENTS… --json`, which must succeed, decoded."""
        return json.loads(self.iap(*arguments, "--json", env=env))

    def key(self, name="key.p8"):
        """A new key (`iap keys create -o NAME`)."""
        ids = self.json("keys", "create", "-o", name)
        return Key(self.path(name), ids["keyId"], ids["issuerId"])

    def root(self, name="root.cer", env=None):
        """The state's root certificate (DER), written to NAME too."""
        self.iap("certificates", "root", "-o", name, env=env)
        return self.path(name).read_bytes()

    def serve(self, *arguments):
        """`iap serve --port 0 ARGUMENTS…` here, stopped after the test."""
        server = Server(self.folder, arguments)
        self.servers.append(server)
        return server

    def bodies(self, last=None):
        """The signed payloads of the store's notifications (the last LAST), as a receiver gets them."""
        notifications = self.json("notifications")["notifications"]
        return [n["signedPayload"] for n in notifications[-last if last else 0:]]


class Receiver:
    """An app's server receiving App Store Server Notifications on 127.0.0.1: the bodies it
    took, one a request; while `failing` it answers 500, as a server that is down would."""

    def __init__(self):
        self.bodies = []
        self.failing = False
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                if receiver.failing:
                    self.send_response(500)
                else:
                    receiver.bodies.append(json.loads(body)["signedPayload"])
                    self.send_response(200)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def verifier(environment="LOCAL_TESTING", root=None, app_apple_id=None, bundle_id=P):
    """Apple's SignedDataVerifier as a developer's server makes it: trusting ROOT (DER) alone,
    online checks off. LOCAL_TESTING skips the signature."""
    return SignedDataVerifier([root] if root else [], False, Environment[environment], bundle_id, app_apple_id)


def client(url, key, environment="SANDBOX", bundle_id=P):
    """Apple's AppStoreServerAPIClient pointed at URL (an `iap serve`), signing with KEY."""
    api = AppStoreServerAPIClient(key.private, key.key_id, key.issuer_id, bundle_id, Environment[environment])
    api._base_url = url
    return api


def outcome(body):
    """What BODY returned, or the APIException's HTTP status and App Store error code."""
    try:
        return body()
    except APIException as error:
        return {"status": error.http_status_code, "errorCode": error.raw_api_error}


def plain(model):
    """A decoded model's fields, enums as their values, the raw copies and absent ones left out."""
    fields = attr.asdict(model, recurse=False)
    return {k: getattr(v, "value", v) for k, v in fields.items() if v is not None and not k.startswith("raw")}


def notification(check, signed):
    """A notification verified and decoded with its transaction and renewal info, flattened."""
    n = check.verify_and_decode_notification(signed)
    t = check.verify_and_decode_signed_transaction(n.data.signedTransactionInfo)
    r = check.verify_and_decode_renewal_info(n.data.signedRenewalInfo) if n.data.signedRenewalInfo else None
    value = lambda v: getattr(v, "value", v)
    return {
        "type": value(n.notificationType), "subtype": value(n.subtype), "status": value(n.data.status),
        "environment": value(n.data.environment), "appAppleId": n.data.appAppleId,
        "transactionId": t.transactionId, "productId": t.productId,
        "autoRenewStatus": value(r.autoRenewStatus) if r else None,
        "inAppOwnershipType": value(t.inAppOwnershipType), "revocationDate": t.revocationDate,
        "revocationReason": value(t.revocationReason), "revocationType": t.rawRevocationType,
        "revocationPercentage": t.revocationPercentage, "appTransactionId": t.appTransactionId,
        "priceIncreaseStatus": value(r.priceIncreaseStatus) if r else None,
        "expirationIntent": value(r.expirationIntent) if r else None,
        "consumptionRequestReason": value(getattr(n.data, "consumptionRequestReason", None)),
    }


def payload(token):
    """A compact JWS's payload, decoded without checking it."""
    part = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
