"""The fixtures (see the package's docstring and the README's "A backend's tests in pytest").

- `iap_server`: `iap serve --port 0 --shared-keys` in a temporary folder, for the session. The
  binary is IAP_BIN, else the checkout's `.build/debug/iap`, else `iap` on PATH; the catalog is
  the `iap_catalog` fixture (IAP_CATALOG, else `catalog.plist` in the working folder).
- `iap_namespace`: a fresh namespace per test, made with one `POST /iap/v1/namespaces`
  (Sandbox unless `@pytest.mark.iap_namespace(environment=..., app_apple_id=..., clock=...,
  catalog_file=...)` says otherwise), its notifications posted to `iap_notifications`.
- `iap_client`, `iap_verifier`: Apple's AppStoreServerAPIClient and SignedDataVerifier for it.
- `iap_notifications`: what the store posted for this test's namespace, with `wait_for`.
"""
import base64
import http.server
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid

import pytest

CHECKOUT = pathlib.Path(__file__).resolve().parents[3]


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "iap_namespace(environment, app_apple_id, clock, catalog_file): what the test's namespace starts with")


def binary():
    """IAP_BIN, else the checkout's debug build, else `iap` on PATH."""
    named = os.environ.get("IAP_BIN")
    if named:
        return os.path.abspath(named) if "/" in named else shutil.which(named) or named
    built = CHECKOUT / ".build" / "debug" / "iap"
    if built.exists():
        return str(built)
    found = shutil.which("iap")
    if not found:
        raise pytest.UsageError("iap not found: set IAP_BIN, build the checkout (swift build), or put iap on PATH")
    return found


class IAPError(AssertionError):
    """A control-plane request answered with an error: its status and `{"error": ...}`."""

    def __init__(self, status, answer):
        super().__init__("%s: %s" % (status, json.dumps(answer)))
        self.status, self.answer = status, answer


def request(url, method="GET", body=None):
    """A control-plane request: JSON in and out, the status checked (IAPError otherwise)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if method != "GET" else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, method=method, headers=headers)) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        raise IAPError(error.code, json.load(error)) from None


class IAPServer:
    """`iap serve` running for the session: its URL, its folder (the state is `.iap` in it)."""

    def __init__(self, catalog, shared_keys=True):
        self.folder = tempfile.mkdtemp(prefix="iap-pytest-")
        self.binary = binary()
        arguments = [self.binary, "serve", "--port", "0"] + (["--shared-keys"] if shared_keys else [])
        if catalog:
            arguments += ["--catalog", os.path.abspath(catalog)]
        self.catalog = catalog
        self.process = subprocess.Popen(arguments, cwd=self.folder, stdout=subprocess.PIPE, text=True)
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://"):
            self.process.kill()
            raise RuntimeError("%s serve did not start (exit %s)" % (self.binary, self.process.wait()))

    def create_namespace(self, **settings):
        """`POST /iap/v1/namespaces`: a temporary namespace, with `settings` as its members."""
        body = {"name": "t-" + uuid.uuid4().hex[:16], "temporary": True, "idleSeconds": 3600}
        body.update({key: value for key, value in settings.items() if value is not None})
        return IAPNamespace(self, request(self.url + "/iap/v1/namespaces", "POST", body))

    def shell(self, *arguments, namespace=None):
        """`iap [--namespace NAME] ARGUMENTS…` on the server's state; its stdout (exit 0 checked)."""
        prefix = [self.binary] + (["--namespace", namespace] if namespace else [])
        if self.catalog:
            prefix += ["--catalog", os.path.abspath(self.catalog)]
        return subprocess.run(prefix + list(arguments), cwd=self.folder, capture_output=True, text=True, check=True).stdout

    def stop(self):
        self.process.terminate()
        self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


class IAPNamespace:
    """A namespace of the server, as `POST /iap/v1/namespaces` answered it."""

    def __init__(self, server, answer):
        self.server, self.answer = server, answer
        self.name = answer["name"]
        self.base_url = answer["baseURL"]
        self.environment = answer["environment"]
        self.bundle_id = answer["bundleId"]
        self.app_apple_id = answer["appAppleId"]
        self.root_certificate_pem = answer["rootCertificate"]
        self.key_id = answer["key"]["keyId"]
        self.issuer_id = answer["key"]["issuerId"]
        self.private_key = answer["key"]["privateKey"].encode()

    @property
    def root_certificate(self):
        """The root certificate as DER, what SignedDataVerifier takes."""
        body = "".join(line for line in self.root_certificate_pem.splitlines() if not line.startswith("-----"))
        return base64.b64decode(body)

    def call(self, method, path, body=None):
        """A control-plane request to this namespace: `call("POST", "/purchases", {...})`."""
        return request(self.base_url + "/iap/v1" + path, method, body)

    def shell(self, *arguments):
        """`iap --namespace NAME ARGUMENTS…` beside the server; its stdout."""
        return self.server.shell(*arguments, namespace=self.name)

    def delete(self):
        request(self.base_url + "/iap/v1", "DELETE")


def decode(signed_payload):
    """A signed notification's payload, not verified (iap_verifier verifies)."""
    body = signed_payload.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


class NotificationReceiver:
    """An HTTP server that collects what the store POSTs, by path: each namespace its own."""

    def __init__(self):
        self.received = {}
        self.condition = threading.Condition()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()
                with receiver.condition:
                    receiver.received.setdefault(self.path, []).append(json.loads(body)["signedPayload"])
                    receiver.condition.notify_all()

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class Notifications:
    """The notifications posted for one namespace: `signed` (the signedPayloads as posted),
    `payloads` (decoded), and `wait_for(type, subtype)`."""

    def __init__(self, receiver, path):
        self.receiver, self.path = receiver, path
        self.url = receiver.url + path

    @property
    def signed(self):
        with self.receiver.condition:
            return list(self.receiver.received.get(self.path, []))

    @property
    def payloads(self):
        return [decode(signed) for signed in self.signed]

    def wait_for(self, notification_type, subtype=None, timeout=5.0):
        """The first payload of `notification_type` (and `subtype`, if given) posted, decoded,
        with its `signedPayload`; waits up to `timeout` seconds for it, else AssertionError."""
        deadline = time.monotonic() + timeout
        with self.receiver.condition:
            while True:
                for signed in self.receiver.received.get(self.path, []):
                    payload = decode(signed)
                    if payload.get("notificationType") == notification_type and (subtype is None or payload.get("subtype") == subtype):
                        return dict(payload, signedPayload=signed)
                left = deadline - time.monotonic()
                if left <= 0:
                    seen = [(p.get("notificationType"), p.get("subtype")) for p in map(decode, self.receiver.received.get(self.path, []))]
                    raise AssertionError("no %s %s notification within %ss (received: %s)" % (notification_type, subtype or "", timeout, seen))
                self.receiver.condition.wait(left)


@pytest.fixture(scope="session")
def iap_catalog():
    """The catalog the server sells: IAP_CATALOG, else catalog.plist in the working folder."""
    return os.environ.get("IAP_CATALOG") or ("catalog.plist" if os.path.exists("catalog.plist") else None)


@pytest.fixture(scope="session")
def iap_server(iap_catalog):
    server = IAPServer(iap_catalog)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def iap_receiver():
    receiver = NotificationReceiver()
    yield receiver
    receiver.stop()


@pytest.fixture
def iap_namespace(request, iap_server, iap_receiver):
    marker = request.node.get_closest_marker("iap_namespace")
    options = dict(marker.kwargs) if marker else {}
    path = "/" + uuid.uuid4().hex
    namespace = iap_server.create_namespace(
        environment=options.get("environment", "Sandbox"), appAppleId=options.get("app_apple_id"), clock=options.get("clock"),
        catalogFile=options.get("catalog_file"), notificationUrl=iap_receiver.url + path)
    namespace.notifications = Notifications(iap_receiver, path)
    yield namespace
    namespace.delete()


@pytest.fixture
def iap_notifications(iap_namespace):
    return iap_namespace.notifications


def apple_environment(namespace):
    from appstoreserverlibrary.models.Environment import Environment

    return Environment(namespace.environment)


@pytest.fixture
def iap_client(iap_namespace):
    """Apple's AppStoreServerAPIClient, its requests sent to the namespace."""
    from appstoreserverlibrary.api_client import AppStoreServerAPIClient

    client = AppStoreServerAPIClient(
        iap_namespace.private_key, iap_namespace.key_id, iap_namespace.issuer_id, iap_namespace.bundle_id, apple_environment(iap_namespace))
    client._base_url = iap_namespace.base_url
    return client


@pytest.fixture
def iap_verifier(iap_namespace):
    """Apple's SignedDataVerifier trusting the namespace's root certificate (online checks off)."""
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

    return SignedDataVerifier(
        [iap_namespace.root_certificate], False, apple_environment(iap_namespace), iap_namespace.bundle_id, iap_namespace.app_apple_id)
