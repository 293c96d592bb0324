"""The App Store Server API of `iap serve`, called by Apple's AppStoreServerAPIClient as a
developer's server calls it, beside CLI commands on the same state."""
import datetime
import re
import signal
import socket
import time
import urllib.error
import urllib.request

import pytest
from appstoreserverlibrary.api_client import GetTransactionHistoryVersion
from appstoreserverlibrary.models.AccountTenure import AccountTenure
from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
from appstoreserverlibrary.models.ConsumptionStatus import ConsumptionStatus
from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
from appstoreserverlibrary.models.DeliveryStatusV1 import DeliveryStatusV1
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.LifetimeDollarsPurchased import LifetimeDollarsPurchased
from appstoreserverlibrary.models.LifetimeDollarsRefunded import LifetimeDollarsRefunded
from appstoreserverlibrary.models.MassExtendRenewalDateRequest import MassExtendRenewalDateRequest
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.Platform import Platform
from appstoreserverlibrary.models.PlayTime import PlayTime
from appstoreserverlibrary.models.RefundPreference import RefundPreference
from appstoreserverlibrary.models.TransactionHistoryRequest import Order, TransactionHistoryRequest
from appstoreserverlibrary.models.UpdateAppAccountTokenRequest import UpdateAppAccountTokenRequest
from appstoreserverlibrary.models.UserStatus import UserStatus
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from support import P, Key, client, outcome, verifier

DAY = 86_400_000
V2 = GetTransactionHistoryVersion.V2


def test_apples_client_gets_transactions_history_and_statuses_from_iap_serve(store):
    store.iap("settings", "set", "environment", "Sandbox")
    store.iap("clock", "set", "2026-01-15T10:00:00Z")
    key = store.key()
    check = verifier("SANDBOX", store.root())
    store.iap("buy", P + ".pro.monthly", "--finish")
    for _ in range(22):
        store.iap("buy", P + ".coins_1000", "--finish")
    server = store.serve()
    assert re.fullmatch(r"http://127\.0\.0\.1:[0-9]+", server.url), "the first line of stdout is not the server's URL"
    store.iap("buy", P + ".unlock_maps", "--finish")  # a command beside the server: the next request sees it
    api = client(server.url, key)

    def product(token):
        return check.verify_and_decode_signed_transaction(token).productId

    assert product(api.get_transaction_info("1").signedTransactionInfo) == P + ".pro.monthly"
    assert outcome(lambda: api.get_transaction_info("999")) == {"status": 404, "errorCode": 4040010}
    pages, revision = [], None
    while True:
        page = api.get_transaction_history("1", revision, TransactionHistoryRequest(sort=Order.ASCENDING), V2)
        pages.append([product(t) for t in page.signedTransactions])
        revision = page.revision
        if not page.hasMore:
            break
    assert [len(p) for p in pages] == [20, 4]
    # Version 1 leaves out finished consumables; version 2 (above) returns them.
    v1 = api.get_transaction_history("1", None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V1)
    assert sorted(set(product(t) for t in v1.signedTransactions)) == [P + ".pro.monthly", P + ".unlock_maps"]
    # An empty filter value gets the parameter's own error, as Apple answers it.
    assert outcome(lambda: api.get_transaction_history("1", None, TransactionHistoryRequest(productIds=[""]), V2)) == {
        "status": 400, "errorCode": 4000023}
    assert outcome(lambda: api.get_transaction_history("1", None, TransactionHistoryRequest(subscriptionGroupIdentifiers=[""]), V2)) == {
        "status": 400, "errorCode": 4000024}
    # Get App Transaction Info: the customer's app transaction, whose id its transactions
    # carry; in Sandbox originalPurchaseDate is always 2013-08-01.
    app = check.verify_and_decode_app_transaction(api.get_app_transaction_info("1").signedAppTransactionInfo)
    first = check.verify_and_decode_signed_transaction(api.get_transaction_info("1").signedTransactionInfo)
    assert [app.appTransactionId == first.appTransactionId, app.originalPurchaseDate] == [True, 1375340400000]
    assert outcome(lambda: api.get_app_transaction_info("999")) == {"status": 404, "errorCode": 4040010}
    # originalPlatform iOS and no preorderDate, until the settings say otherwise.
    assert [app.rawOriginalPlatform, app.preorderDate] == ["iOS", None]
    store.iap("settings", "set", "original-platform", "visionOS")
    store.iap("settings", "set", "preorder-date", "2025-12-01T09:00:00Z")
    app = check.verify_and_decode_app_transaction(api.get_app_transaction_info("1").signedAppTransactionInfo)
    assert [app.originalPlatform.value, app.preorderDate] == ["visionOS", 1764579600000]
    statuses = api.get_all_subscription_statuses("1")
    assert [(d.subscriptionGroupIdentifier, t.rawStatus, check.verify_and_decode_renewal_info(t.signedRenewalInfo).autoRenewProductId)
            for d in statuses.data for t in d.lastTransactions] == [("pro", 1, P + ".pro.monthly")]
    order = api.look_up_order_id("MK00000001")
    assert [order.rawStatus, [product(t) for t in order.signedTransactions]] == [0, [P + ".pro.monthly"]]

    # A key the store does not know, and another bundle id: 401.
    private = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    store.path("other.p8").write_bytes(private)
    unknown = client(server.url, Key(store.path("other.p8"), key.key_id, key.issuer_id))
    assert outcome(lambda: unknown.get_transaction_info("1"))["status"] == 401
    elsewhere = client(server.url, key, bundle_id="com.example.other")
    assert outcome(lambda: elsewhere.get_transaction_info("1"))["status"] == 401

    # A refund made from the shell is in the next answer.
    store.iap("refund", "24")
    assert [product(t) for t in api.get_refund_history("1", None).signedTransactions] == [P + ".unlock_maps"]
    # The client sends `revoked` as str(bool): True, False.
    revoked = api.get_transaction_history("1", None, TransactionHistoryRequest(revoked=True), V2)
    assert [product(t) for t in revoked.signedTransactions] == [P + ".unlock_maps"]
    # A change after a kept revision comes again after it (history sorts by modification).
    since = api.get_transaction_history("1", revision, TransactionHistoryRequest(), V2)
    assert [(product(t), check.verify_and_decode_signed_transaction(t).revocationDate is not None)
            for t in since.signedTransactions] == [(P + ".unlock_maps", True)]

    # Malformed requests are answered and never end the server.
    host, port = server.url.removeprefix("http://").split(":")
    answers = []
    for raw in [b"GARBAGE\r\n\r\n", b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 17000 + b"\r\n\r\n",
                b"POST /verifyReceipt HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n"]:
        with socket.create_connection((host, int(port))) as connection:
            connection.sendall(raw)
            answers.append(connection.recv(64).split(b" ")[1].decode())
    assert answers == ["400", "431", "413", "505"]
    try:
        urllib.request.urlopen(server.url + "/inApps/v1/transactions/1")
        raise AssertionError("a request without a token was answered")
    except urllib.error.HTTPError as error:
        assert error.code == 401
    assert server.stop(signal.SIGINT) == 0
    assert server.stderr() == ""


# Send Consumption Information version 1 is deprecated in Apple's library, and still served.
@pytest.mark.filterwarnings("ignore:send_consumption_data is deprecated")
def test_apples_client_sends_test_notifications_extends_renewal_dates_sets_tokens_and_reads_notification_history(store, receiver):
    store.iap("settings", "set", "environment", "Sandbox")
    store.iap("clock", "set", "2026-01-15T10:00:00Z")
    store.iap("settings", "set", "notification-url", receiver.url + "/asn")
    key = store.key()
    check = verifier("SANDBOX", store.root())
    store.iap("buy", P + ".pro.monthly", "--finish")
    server = store.serve()
    api = client(server.url, key)
    now = int(datetime.datetime(2026, 1, 15, 10, tzinfo=datetime.timezone.utc).timestamp() * 1000)

    def decoded(signed):
        n = check.verify_and_decode_notification(signed)
        return [n.rawNotificationType, n.rawSubtype]

    def attempts(items):
        return [a.rawSendAttemptResult for a in items or []]

    def test_status(token):
        """The status once the background delivery made its attempt (polled for up to 5 s)."""
        for _ in range(50):
            status = api.get_test_notification_status(token)
            if status.sendAttempts:
                break
            time.sleep(0.1)
        return [decoded(status.signedPayload), attempts(status.sendAttempts)]

    token = api.request_test_notification().testNotificationToken
    assert len(token.split("_")) == 2 and len(token.split("_")[0]) == 36
    assert test_status(token) == [["TEST", None], ["SUCCESS"]]
    assert outcome(lambda: api.get_test_notification_status("00000000-0000-0000-0000-000000000000_1")) == {"status": 404, "errorCode": 4040008}
    assert outcome(lambda: api.get_test_notification_status("nonsense")) == {"status": 400, "errorCode": 4000020}

    # Extensions move the renewal date by whole days, a request identifier counts once, and
    # Apple allows two a year (Extend a Subscription Renewal Date; SubscriptionMaxExtensionError).
    def extend(request_id, days=10):
        r = api.extend_subscription_renewal_date(
            "1", ExtendRenewalDateRequest(extendByDays=days, extendReasonCode=ExtendReasonCode.CUSTOMER_SATISFACTION, requestIdentifier=request_id))
        return [r.originalTransactionId, r.success, r.effectiveDate]

    def expires():
        return check.verify_and_decode_signed_transaction(api.get_transaction_info("1").signedTransactionInfo).expiresDate

    before = expires()
    first = extend("r1")
    assert [first[0], first[1], first[2] - before] == ["1", True, 10 * DAY]
    assert expires() - before == 10 * DAY
    assert extend("r1")[2] - before == 10 * DAY
    assert extend("r2", 5)[2] - before == 15 * DAY
    assert outcome(lambda: extend("r3")) == {"status": 403, "errorCode": 4030005}
    assert outcome(lambda: extend("r4", 91)) == {"status": 400, "errorCode": 4000009}
    assert outcome(lambda: api.extend_subscription_renewal_date(
        "999", ExtendRenewalDateRequest(extendByDays=1, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier="x"))) == {
        "status": 404, "errorCode": 4040005}
    mass = api.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
        extendByDays=3, extendReasonCode=ExtendReasonCode.SERVICE_ISSUE_OR_OUTAGE, requestIdentifier="6e1a3c2b-5d4f-4a8b-9c7d-0e1f2a3b4c5d", productId=P + ".pro.monthly"))
    assert mass.requestIdentifier == "6e1a3c2b-5d4f-4a8b-9c7d-0e1f2a3b4c5d"
    status = api.get_status_of_subscription_renewal_date_extensions("6e1a3c2b-5d4f-4a8b-9c7d-0e1f2a3b4c5d", P + ".pro.monthly")
    assert [status.complete, status.succeededCount, status.failedCount] == [True, 0, 1]
    assert outcome(lambda: api.get_status_of_subscription_renewal_date_extensions("6e1a3c2b-5d4f-4a8b-9c7d-0e1f2a3b4c60", P + ".pro.monthly")) == {
        "status": 404, "errorCode": 4040009}
    # A mass request's identifier is a UUID, as Apple requires.
    assert outcome(lambda: api.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
        extendByDays=3, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier="m1", productId=P + ".pro.monthly"))) == {
        "status": 400, "errorCode": 4000011}
    api.set_app_account_token("1", UpdateAppAccountTokenRequest(appAccountToken="7389A31A-FB6D-4569-A2A6-DB7D85D84813"))
    info = check.verify_and_decode_signed_transaction(api.get_transaction_info("1").signedTransactionInfo)
    assert info.appAccountToken == "7389a31a-fb6d-4569-a2a6-db7d85d84813"
    # Renewal info carries it too, and the customer's appTransactionId.
    renewal = check.verify_and_decode_renewal_info(api.get_all_subscription_statuses("1").data[0].lastTransactions[0].signedRenewalInfo)
    assert [renewal.appAccountToken, renewal.appTransactionId == info.appTransactionId] == ["7389a31a-fb6d-4569-a2a6-db7d85d84813", True]
    assert outcome(lambda: api.set_app_account_token("1", UpdateAppAccountTokenRequest(appAccountToken="not-a-uuid"))) == {
        "status": 400, "errorCode": 4000183}
    # The shell sees what the server did.
    assert store.json("subscription", "status", P + ".pro.monthly")["subscriptions"][0]["expirationDate"][:10] == "2026-03-02"
    receiver.failing = True
    token = api.request_test_notification().testNotificationToken
    assert test_status(token) == [["TEST", None], ["UNSUCCESSFUL_HTTP_RESPONSE_CODE"]]
    receiver.failing = False

    def history(**filters):
        request = NotificationHistoryRequest(startDate=now - DAY, endDate=now + DAY, **filters)
        items, page_token = [], None
        while True:
            page = api.get_notification_history(page_token, request)
            items += [decoded(i.signedPayload) + [attempts(i.sendAttempts)] for i in page.notificationHistory]
            if not page.hasMore:
                return items
            page_token = page.paginationToken

    assert ["%s/%s:%s" % (n[0], n[1], ",".join(n[2])) for n in history()] == [
        "SUBSCRIBED/INITIAL_BUY:SUCCESS", "TEST/None:SUCCESS", "RENEWAL_EXTENDED/None:SUCCESS", "RENEWAL_EXTENDED/None:SUCCESS",
        "RENEWAL_EXTENSION/FAILURE:SUCCESS", "RENEWAL_EXTENSION/SUMMARY:SUCCESS", "TEST/None:UNSUCCESSFUL_HTTP_RESPONSE_CODE"]
    assert [n[0] for n in history(onlyFailures=True)] == ["TEST"]
    assert len(history(notificationType="RENEWAL_EXTENDED")) == 2
    assert len(history(transactionId="1")) == 4
    assert outcome(lambda: api.get_notification_history(None, NotificationHistoryRequest(startDate=now - 200 * DAY, endDate=now))) == {
        "status": 400, "errorCode": 4000012}
    assert outcome(lambda: api.get_notification_history(None, NotificationHistoryRequest(
        startDate=now - DAY, endDate=now, transactionId="1", notificationType="TEST"))) == {"status": 400, "errorCode": 4000019}
    # The receiver got each notification once, signed as the history says.
    assert len(receiver.bodies) == 6
    assert [n["notificationType"] for n in store.json("notifications")["notifications"] if n["transactionId"] is None] == [
        "TEST", "RENEWAL_EXTENSION", "TEST"]

    # A refund request sends CONSUMPTION_REQUEST; the server answers it with Send Consumption
    # Information, version 1 then 2, and the shell sees the answer on the request.
    store.iap("refund-request", "1", "--reason", "FULFILLMENT_ISSUE")
    v1 = ConsumptionRequestV1(
        customerConsented=True, consumptionStatus=ConsumptionStatus.PARTIALLY_CONSUMED, platform=Platform.APPLE,
        sampleContentProvided=False, deliveryStatus=DeliveryStatusV1.DELIVERED_AND_WORKING_PROPERLY, appAccountToken="",
        accountTenure=AccountTenure.THIRTY_DAYS_TO_NINETY_DAYS, playTime=PlayTime.ONE_TO_SIX_HOURS,
        lifetimeDollarsRefunded=LifetimeDollarsRefunded.ZERO_DOLLARS,
        lifetimeDollarsPurchased=LifetimeDollarsPurchased.FIFTY_DOLLARS_TO_NINETY_NINE_DOLLARS_AND_NINETY_NINE_CENTS,
        userStatus=UserStatus.ACTIVE)
    assert api.send_consumption_data("1", v1) is None
    v2 = ConsumptionRequest(customerConsented=True, sampleContentProvided=True, deliveryStatus=DeliveryStatus.DELIVERED,
                            consumptionPercentage=50000, refundPreference=RefundPreference.GRANT_PRORATED)
    # Transaction 1 is a subscription: prorated by time, no percentage.
    assert outcome(lambda: api.send_consumption_information("1", v2)) == {"status": 400, "errorCode": 4000000}
    v2.consumptionPercentage = None
    assert api.send_consumption_information("1", v2) is None
    v2.customerConsented = False
    assert outcome(lambda: api.send_consumption_information("1", v2)) == {"status": 400, "errorCode": 4000035}
    assert [t["refundRequest"]["consumptionInformation"]["refundPreference"]
            for t in store.json("history")["transactions"] if t["refundRequest"]] == ["GRANT_PRORATED"]
    assert server.stop(signal.SIGTERM) == 0


def test_production_then_sandbox_by_apples_host_names(store, monkeypatch):
    """Apple's client made for PRODUCTION and for SANDBOX, each at its own base URL
    (`api.storekit.apple.com`, `api.storekit-sandbox.apple.com`) pointed at `iap serve` as an
    /etc/hosts line would: production answers a sandbox transaction 4040010, and the server
    then asks sandbox, as Apple advises."""
    store.iap("settings", "set", "environment", "Sandbox")
    check = verifier("SANDBOX", store.root())
    key = store.key()
    store.iap("buy", P + ".unlock_maps", "--finish")
    names = ["api.storekit.apple.com", "api.storekit-sandbox.apple.com"]
    server = store.serve(*[argument for name in names for argument in ("--allow-host", name)])
    port = server.url.rsplit(":", 1)[1]
    resolve = socket.getaddrinfo
    monkeypatch.setattr(socket, "getaddrinfo", lambda host, *rest, **named: resolve("127.0.0.1" if host in names else host, *rest, **named))
    production = client("http://api.storekit.apple.com:" + port, key, "PRODUCTION")
    sandbox = client("http://api.storekit-sandbox.apple.com:" + port, key, "SANDBOX")

    def transaction(transaction_id):
        try:
            return production.get_transaction_info(transaction_id)
        except Exception as error:
            if getattr(error, "raw_api_error", None) != 4040010:
                raise
            return sandbox.get_transaction_info(transaction_id)

    assert outcome(lambda: production.get_transaction_info("1")) == {"status": 404, "errorCode": 4040010}
    assert check.verify_and_decode_signed_transaction(transaction("1").signedTransactionInfo).productId == P + ".unlock_maps"
