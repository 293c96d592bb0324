"""The lifecycle's notification types (refund requests, declines and reversals, Family
Sharing, price increases, prorated refunds) as Apple's library verifies and reads them."""
from support import P, client, notification, verifier


def test_apples_library_verifies_every_new_notification_type(store):
    store.iap("settings", "set", "environment", "Sandbox")
    check = verifier("SANDBOX", store.root())
    store.iap("clock", "set", "2026-01-15T10:00:00Z")
    store.iap("buy", P + ".coins_1000", "--finish")
    store.iap("buy", P + ".unlock_maps", "--finish")
    store.iap("buy", P + ".pro.monthly", "--finish")
    store.iap("refund-request", "1", "--reason", "FULFILLMENT_ISSUE")
    store.iap("refund-decline", "1")
    store.iap("family", "add", "kid")
    store.iap("refund", "2", "--reason", "developerIssue")
    store.iap("refund-reverse", "2")
    store.iap("subscription", "price-increase", P + ".pro.monthly", "--price", "12.99")
    store.iap("subscription", "price-increase-consent", P + ".pro.monthly", "accept")
    decoded = [notification(check, body) for body in store.bodies()]
    assert [n["type"] for n in decoded] == [
        "ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "SUBSCRIBED", "CONSUMPTION_REQUEST", "REFUND_DECLINED", "ONE_TIME_CHARGE", "SUBSCRIBED",
        "REFUND", "REVOKE", "REFUND_REVERSED", "PRICE_INCREASE", "PRICE_INCREASE"]
    # The member's server hears of what Family Sharing grants as of a purchase: the shared
    # non-consumable with ONE_TIME_CHARGE, first access to the subscription with SUBSCRIBED
    # INITIAL_BUY, each about the member's own FAMILY_SHARED transaction.
    assert [(n["type"], n["subtype"], n["inAppOwnershipType"]) for n in decoded[5:7]] == [
        ("ONE_TIME_CHARGE", None, "FAMILY_SHARED"), ("SUBSCRIBED", "INITIAL_BUY", "FAMILY_SHARED")]
    revoke, pending, accepted = decoded[8], decoded[10], decoded[11]
    assert (revoke["inAppOwnershipType"], revoke["revocationDate"] is not None, pending["subtype"], pending["priceIncreaseStatus"],
            accepted["priceIncreaseStatus"]) == ("FAMILY_SHARED", True, "PENDING", 0, 1)
    # revocationType (REFUND_FULL, FAMILY_REVOKE), the member's revocationReason the
    # purchaser's (Apple's revocationReason page), appTransactionId on every transaction.
    assert (decoded[7]["revocationType"], decoded[7]["revocationReason"], revoke["revocationType"], revoke["revocationReason"],
            len(decoded[0]["appTransactionId"])) == ("REFUND_FULL", 1, "FAMILY_REVOKE", 1, 15)
    assert decoded[3]["consumptionRequestReason"] == "FULFILLMENT_ISSUE"
    # Get Refund History lists only refunds the App Store approved: the member's share,
    # revoked by the purchaser's refund (FAMILY_REVOKE), is not one.
    server = store.serve()
    api = client(server.url, store.key())
    assert api.get_refund_history(str(revoke["transactionId"]), None).signedTransactions == []
    server.stop()
    # A prorated refund: REFUND_PRORATED with revocationPercentage in milliunits.
    solo = store.json("--account", "solo", "buy", P + ".pro.monthly", "--finish")["transactions"][-1]["id"]
    store.iap("--account", "solo", "refund", str(solo), "--percentage", "50")
    prorated = notification(check, store.bodies(last=1)[0])
    assert (prorated["type"], prorated["revocationType"], prorated["revocationPercentage"]) == ("REFUND", "REFUND_PRORATED", 50000)
    # The member's share renews with a notification of its own (FAMILY_SHARED).
    store.iap("clock", "advance", "32d")
    renewals = [notification(check, body) for body in store.bodies(last=2)]
    assert [n["type"] + "/" + n["inAppOwnershipType"] for n in renewals] == ["DID_RENEW/PURCHASED", "DID_RENEW/FAMILY_SHARED"]
    # A second increase without consent within the year is refused, naming why.
    assert store.run("subscription", "price-increase", P + ".pro.monthly", "--price", "13.49", "--consent", "notRequired").status == 0
    refused = store.run("subscription", "price-increase", P + ".pro.monthly", "--price", "13.99", "--consent", "notRequired")
    assert refused.status == 1 and "one increase a year" in refused.err, refused
