"""A reference App Store Server Notifications V2 endpoint: what `iap notifications check` expects
of a team's server, in the standard library's http.server and Apple's App Store Server Library.

It verifies each posted `signedPayload` with Apple's SignedDataVerifier against the root
certificate `iap certificates root --output root.der` exports, answers 400 to one that does not
verify (the App Store then retries), handles each notificationUUID once (a retry or a duplicate
is answered 200 and not handled again) and answers 200 to the rest.

    python receiver.py --root-certificate root.der --bundle-id com.example.fakegame \
        --environment Sandbox [--app-apple-id ID] [--port 8080] [--fail-type DID_RENEW]

--fail-type TYPE (or TYPE/SUBTYPE, repeatable) answers 500 to that notification instead, as a
handler that broke would: `iap notifications check` then fails and names it. The first line on
stdout is the URL it listens on; a line per notification handled goes to stderr.
"""
import argparse
import base64
import http.server
import json
import sys
import threading

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier


def read_certificate(path):
    """The certificate at PATH as DER, whether the file holds DER or PEM."""
    data = open(path, "rb").read()
    if data.startswith(b"-----BEGIN"):
        body = b"".join(line for line in data.splitlines() if not line.startswith(b"-----"))
        return base64.b64decode(body)
    return data


class Receiver(http.server.ThreadingHTTPServer):
    """The endpoint: the verifier, the notifications to fail, the UUIDs handled."""

    def __init__(self, address, verifier, fail_types):
        super().__init__(address, Handler)
        self.verifier = verifier
        self.fail_types = set(fail_types)
        self.handled = set()
        self.lock = threading.Lock()

    def handle_notification(self, notification):
        """The team's own work for a notification: here, a line on stderr."""
        name = "/".join(filter(None, [notification.rawNotificationType, notification.rawSubtype]))
        print("%s %s" % (name, notification.notificationUUID), file=sys.stderr, flush=True)


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        try:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
            notification = self.server.verifier.verify_and_decode_notification(body["signedPayload"])
        except Exception:  # any body or signature Apple's verifier does not accept
            return self.answer(400)
        name = notification.rawNotificationType
        if name in self.server.fail_types or "%s/%s" % (name, notification.rawSubtype) in self.server.fail_types:
            return self.answer(500)
        with self.server.lock:
            first = notification.notificationUUID not in self.server.handled
            self.server.handled.add(notification.notificationUUID)
        if first:
            self.server.handle_notification(notification)
        self.answer(200)

    def answer(self, status):
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description="A reference App Store Server Notifications V2 endpoint.")
    parser.add_argument("--root-certificate", required=True, help="the root certificate (DER or PEM) iap certificates root exports")
    parser.add_argument("--bundle-id", required=True, help="the app's bundle ID, the catalog's bundleId")
    parser.add_argument("--environment", default="Sandbox", choices=["Sandbox", "Production"])
    parser.add_argument("--app-apple-id", type=int, help="the app's Apple ID (Production needs it)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="default: any free port")
    parser.add_argument("--fail-type", action="append", default=[], metavar="TYPE[/SUBTYPE]", help="answer 500 to this notification")
    args = parser.parse_args()
    # Online checks (OCSP revocation) are off: no responder vouches for a local chain.
    verifier = SignedDataVerifier(
        [read_certificate(args.root_certificate)], False, Environment[args.environment.upper()], args.bundle_id, args.app_apple_id)
    server = Receiver((args.host, args.port), verifier, args.fail_type)
    print("http://%s:%d/" % (args.host, server.server_address[1]), flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
