"""What the store signs in LocalTesting, read by Apple's library: transactions field for field,
and App Store Server Notifications as a developer's server receives them."""
import pytest
from appstoreserverlibrary.signed_data_verifier import VerificationException

from support import P, notification, plain, verifier

UUID = "6f1c2a3b-1111-4222-8333-123456789abc"


def test_signed_transactions_decode_with_apples_library_field_for_field(store):
    store.iap("clock", "set", "2026-01-15T10:00:00Z")
    store.iap("buy", P + ".pro.monthly", "--username", UUID)
    store.iap("buy", P + ".extra_lives", "--quantity", "3")
    tokens = [t["jwsRepresentation"] for t in store.json("queue")["transactions"][:2]]
    decoded = store.json("jws", "decode", tokens[0])
    assert (decoded["signatureValid"], decoded["payload"]["type"], decoded["payload"]["price"], decoded["payload"]["environment"]) == (
        True, "Auto-Renewable Subscription", 4990, "LocalTesting")
    assert store.run("jws", "decode", tokens[0] + "x").status == 1
    assert store.run("jws", "decode", "not-a-token").status == 65

    check = verifier()
    first, second = (plain(check.verify_and_decode_signed_transaction(t)) for t in tokens)
    fields = ("transactionId", "originalTransactionId", "productId", "bundleId", "type", "purchaseDate", "expiresDate", "quantity",
              "appAccountToken", "environment", "transactionReason", "storefront", "currency", "price", "subscriptionGroupIdentifier")
    assert tuple(first[f] for f in fields) == (
        "1", "1", P + ".pro.monthly", P, "Auto-Renewable Subscription", 1768471200000, 1771149600000, 1,
        UUID, "LocalTesting", "PURCHASE", "USA", "USD", 4990, "pro")
    assert (second["type"], second["quantity"], second["price"], "expiresDate" in second) == ("Consumable", 3, 990, False)
    with pytest.raises(VerificationException):
        check.verify_and_decode_signed_transaction("garbage")
    # An Xcode token is not a LocalTesting one.
    store.iap("settings", "set", "environment", "Xcode")
    xcode = store.json("queue")["transactions"][0]["jwsRepresentation"]
    with pytest.raises(VerificationException):
        check.verify_and_decode_signed_transaction(xcode)


def test_server_notifications_reach_a_local_server_retried_while_it_is_down(store, receiver):
    store.iap("clock", "set", "2026-01-15T10:00:00Z")
    store.iap("settings", "set", "notification-url", receiver.url + "/notifications")
    store.iap("buy", P + ".pro.monthly", "--finish")
    store.iap("buy", P + ".rocket_car", "--finish")
    receiver.failing = True
    advanced = store.run("clock", "advance", "1M")
    assert advanced.status == 0, advanced
    assert "failed (the server answered HTTP 500); 1 pending, retried at the next command" in advanced.err
    store.iap("subscription", "cancel", P + ".pro.monthly")
    listed = store.json("notifications")["notifications"]
    assert [(n["sequence"], n["notificationType"], n["subtype"], n["delivered"]) for n in listed] == [
        (1, "SUBSCRIBED", "INITIAL_BUY", True), (2, "ONE_TIME_CHARGE", None, True), (3, "DID_RENEW", None, False),
        (4, "DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED", False)]
    receiver.failing = False
    store.iap("queue")
    assert store.json("notifications")["pending"] == 0
    store.iap("clock", "advance", "1M")
    store.iap("refund", "1")
    text = store.iap("notifications")
    assert "EXPIRED                    VOLUNTARY" in text and "REFUND" in text
    assert len(receiver.bodies) == 6

    check = verifier()
    decoded = [notification(check, body) for body in receiver.bodies]
    assert [(n["type"], n["subtype"], n["status"], n["autoRenewStatus"]) for n in decoded] == [
        ("SUBSCRIBED", "INITIAL_BUY", 1, 1), ("ONE_TIME_CHARGE", None, None, None), ("DID_RENEW", None, 1, 1),
        ("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED", 1, 0), ("EXPIRED", "VOLUNTARY", 2, 0), ("REFUND", None, 5, 0)]
    store.iap("notifications", "--url", receiver.url + "/again", "--all")
    assert len(receiver.bodies) == 12
