"""The Retention Messaging API of `iap serve`, called with every one of its methods by Apple's
AppStoreServerAPIClient, and the signed real-time requests of its performance test verified
with Apple's SignedDataVerifier."""
import http.server
import json
import struct
import threading
import time
import uuid
import zlib

from appstoreserverlibrary.models.BulletPoint import BulletPoint
from appstoreserverlibrary.models.DefaultConfigurationRequest import DefaultConfigurationRequest
from appstoreserverlibrary.models.HeaderPosition import HeaderPosition
from appstoreserverlibrary.models.ImageSize import ImageSize
from appstoreserverlibrary.models.ImageState import ImageState
from appstoreserverlibrary.models.MessageState import MessageState
from appstoreserverlibrary.models.PerformanceTestRequest import PerformanceTestRequest
from appstoreserverlibrary.models.PerformanceTestStatus import PerformanceTestStatus
from appstoreserverlibrary.models.PromotionalOfferSignatureV1 import PromotionalOfferSignatureV1
from appstoreserverlibrary.models.RealtimeUrlRequest import RealtimeUrlRequest
from appstoreserverlibrary.models.UploadMessageImage import UploadMessageImage
from appstoreserverlibrary.models.UploadMessageRequestBody import UploadMessageRequestBody
from appstoreserverlibrary.promotional_offer import PromotionalOfferSignatureCreator

from support import P, client, notification, outcome, verifier


def png(width, height, color_type=2):
    """A PNG of WIDTH x HEIGHT black pixels: RGB (2), or RGBA (6) with an alpha channel."""
    channels = 4 if color_type == 6 else 3
    rows = b"".join(b"\x00" + b"\x00" * width * channels for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


class RetentionEndpoint:
    """A developer's Get Retention Message endpoint on 127.0.0.1: the signed payloads it took."""

    def __init__(self, answer=b"{}"):
        self.payloads = []
        endpoint = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                endpoint.payloads.append(body["signedPayload"])
                answer = endpoint.answer
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        self.answer = answer
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d/retention" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def test_every_retention_messaging_method_of_apples_client_is_answered(store):
    store.iap("settings", "set", "environment", "Sandbox")
    key = store.key()
    check = verifier("SANDBOX", store.root())
    store.iap("buy", P + ".pro.monthly", "--finish")
    api = client(store.serve().url, key)
    picture, icon, message = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()

    # Images: PNG without transparency, full size 3840 wide.
    assert api.upload_image(picture, png(3840, 160)) is None
    assert api.upload_image(icon, png(128, 128), ImageSize.BULLET_POINT) is None
    assert outcome(lambda: api.upload_image(picture, png(3840, 160))) == {"status": 409, "errorCode": 4090000}
    assert outcome(lambda: api.upload_image(uuid.uuid4(), png(64, 64, 6), ImageSize.BULLET_POINT)) == {"status": 400, "errorCode": 4000161}
    assert outcome(lambda: api.upload_image(uuid.uuid4(), png(1024, 160))) == {"status": 400, "errorCode": 4000216}
    images = {item.imageIdentifier: item for item in api.get_image_list().imageIdentifiers}
    assert images[picture].imageSize == ImageSize.FULL_SIZE and images[icon].imageSize == ImageSize.BULLET_POINT
    assert all(item.imageState == ImageState.APPROVED for item in images.values())

    # Messages, with an image and a bullet point.
    body = UploadMessageRequestBody(
        header="Before you go", body="Keep your maps for half price.", image=UploadMessageImage(picture, "A map"),
        headerPosition=HeaderPosition.ABOVE_IMAGE, bulletPoints=[BulletPoint("Offline maps", icon, "A pin")])
    assert api.upload_message(message, body) is None
    assert outcome(lambda: api.upload_message(message, body)) == {"status": 409, "errorCode": 4090001}
    lone = UploadMessageRequestBody(header="Wait", body="Text", headerPosition=HeaderPosition.ABOVE_IMAGE)
    assert outcome(lambda: api.upload_message(uuid.uuid4(), lone)) == {"status": 400, "errorCode": 4000224}
    listed = api.get_message_list().messageIdentifiers
    assert [(m.messageIdentifier, m.messageState) for m in listed] == [(message, MessageState.APPROVED)]
    assert outcome(lambda: api.delete_image(icon)) == {"status": 403, "errorCode": 4030019}

    # A default message per product and locale.
    product = P + ".pro.monthly"
    assert outcome(lambda: api.get_default_message(product, "en-US")) == {"status": 404, "errorCode": 4040020}
    assert api.configure_default_message(product, "en-US", DefaultConfigurationRequest(message)) is None
    assert api.get_default_message(product, "en-US").messageIdentifier == message
    assert outcome(lambda: api.configure_default_message(product, "xx_yy_zz", DefaultConfigurationRequest(message))) == {"status": 400, "errorCode": 4000164}
    assert api.delete_default_message(product, "en-US") is None
    assert outcome(lambda: api.delete_default_message(product, "en-US")) == {"status": 404, "errorCode": 4040020}

    # One real-time URL: https, or http on loopback only.
    assert outcome(lambda: api.get_realtime_url()) == {"status": 404, "errorCode": 4040021}
    assert outcome(lambda: api.configure_realtime_url(RealtimeUrlRequest("http://example.com/retention"))) == {"status": 400, "errorCode": 4000215}
    endpoint = RetentionEndpoint()
    try:
        assert api.configure_realtime_url(RealtimeUrlRequest(endpoint.url)) is None
        assert api.get_realtime_url().realtimeURL == endpoint.url

        # The performance test sends signed real-time requests Apple's verifier accepts.
        started = api.initiate_performance_test(PerformanceTestRequest("1"))
        assert started.config.responseTimeThreshold == 700 and started.requestId
        result = api.get_performance_test_results(started.requestId)
        assert result.result == PerformanceTestStatus.PASS
        assert (result.successRate, result.numPending, result.target) == (100, 0, endpoint.url)
        assert result.responseTimes.p99 is not None and result.responseTimes.p99 <= 700
        assert len(endpoint.payloads) == started.config.totalRequests
        decoded = check.verify_and_decode_realtime_request(endpoint.payloads[0])
        assert (decoded.originalTransactionId, decoded.productId, decoded.userLocale) == ("1", product, "en-US")
        assert outcome(lambda: api.get_performance_test_results(str(uuid.uuid4()))) == {"status": 404, "errorCode": 4040018}
    finally:
        endpoint.server.shutdown()
        endpoint.server.server_close()
    assert api.delete_realtime_url() is None
    assert outcome(lambda: api.delete_realtime_url()) == {"status": 404, "errorCode": 4040021}

    # Deleting: a message, then the image it no longer uses.
    assert api.delete_message(message) is None
    assert outcome(lambda: api.delete_message(message)) == {"status": 404, "errorCode": 4040015}
    assert api.delete_image(icon) is None
    assert outcome(lambda: api.delete_image(icon)) == {"status": 404, "errorCode": 4040014}


def test_a_customer_who_begins_to_cancel_is_shown_the_endpoints_message(store):
    store.iap("settings", "set", "environment", "Sandbox")
    key = store.key()
    check = verifier("SANDBOX", store.root())
    store.iap("buy", P + ".pro.monthly", "--finish")
    api = client(store.serve().url, key)
    message = uuid.uuid4()
    api.upload_message(message, UploadMessageRequestBody(header="Before you go", body="Stay with us."))
    endpoint = RetentionEndpoint(json.dumps({"message": {"messageIdentifier": str(message)}}).encode())
    try:
        api.configure_realtime_url(RealtimeUrlRequest(endpoint.url))
        assert store.run("subscription", "cancel", P + ".pro.monthly").status == 0
        assert len(endpoint.payloads) == 1
        decoded = check.verify_and_decode_realtime_request(endpoint.payloads[0])
        assert (decoded.originalTransactionId, decoded.productId) == ("1", P + ".pro.monthly")
    finally:
        endpoint.server.shutdown()
        endpoint.server.server_close()
    shown = store.json("messages")["retentionMessages"]
    assert [(m["messageIdentifier"], m["source"]) for m in shown] == [(str(message), "realtime")]


def test_a_promotional_offer_the_endpoint_signs_with_apples_library_is_redeemed_once_accepted(store):
    store.iap("settings", "set", "environment", "Sandbox")
    key = store.key()
    check = verifier("SANDBOX", store.root())
    product = P + ".pro.monthly"
    store.iap("buy", product, "--finish")
    api = client(store.serve().url, key)
    message = uuid.uuid4()
    api.upload_message(message, UploadMessageRequestBody(header="Before you go", body="A free month on us."))
    nonce, timestamp = uuid.uuid4(), int(time.time() * 1000)
    signature = PromotionalOfferSignatureCreator(key.private, key.key_id, P).create_signature(product, "loyalty.free_month", "", nonce, timestamp)
    offer = PromotionalOfferSignatureV1(signature, product, nonce, timestamp, key.key_id, "loyalty.free_month")
    answer = {"promotionalOffer": {"messageIdentifier": str(message), "promotionalOfferSignatureV1": {
        "encodedSignature": offer.encodedSignature, "productId": offer.productId, "nonce": str(offer.nonce),
        "timestamp": offer.timestamp, "keyId": offer.keyId, "offerIdentifier": offer.offerIdentifier}}}
    endpoint = RetentionEndpoint(json.dumps(answer).encode())
    try:
        api.configure_realtime_url(RealtimeUrlRequest(endpoint.url))
        assert store.run("subscription", "cancel", product).status == 0
    finally:
        endpoint.server.shutdown()
        endpoint.server.server_close()
    shown = store.json("messages")["retentionMessages"]
    assert [(m["source"], m["promotionalOfferId"], m["accepted"]) for m in shown] == [("realtime", "loyalty.free_month", False)]
    assert store.run("messages", "accept", "1").status == 0
    redeemed = notification(check, store.json("notifications")["notifications"][-1]["signedPayload"])
    assert (redeemed["type"], redeemed["productId"], redeemed["autoRenewStatus"]) == ("OFFER_REDEEMED", product, 1)
    # The signature's nonce is spent, and the offer taken: a second accept is refused.
    again = store.run("messages", "accept", "1")
    assert again.status == 64 and "already accepted" in again.err, again
