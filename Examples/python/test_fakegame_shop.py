"""The bundled game's store driven as a backend team's pytest suite would, with the plugin in
Examples/iap-pytest: `iap serve` for the session, and for each test a namespace of its own made in
one call, Apple's App Store Server API client and SignedDataVerifier pointed at it, and the
notifications it posts. The same six behaviours as the Swift example, then Apple's library.

Run: IAP_BIN=path/to/iap python -m pytest Examples/python   (IAP_BIN defaults to .build/debug/iap)
"""
P = "com.example.fakegame."


def entitled(store):
    return [t["productId"] for t in store.call("GET", "/entitlements")["transactions"]]


def test_products_load(iap_namespace):
    products = iap_namespace.call("GET", "/products?id=%sunlock_maps&id=%spro.monthly&id=nope" % (P, P))
    assert [p["id"] for p in products["products"]] == [P + "unlock_maps", P + "pro.monthly"]
    assert products["invalidProductIdentifiers"] == ["nope"]
    assert products["products"][0]["displayPrice"] == "$2.99"


def test_a_purchase_unlocks_content(iap_namespace):
    bought = iap_namespace.call("POST", "/purchases", {"productId": P + "unlock_maps"})["transactions"][-1]
    assert bought["state"] == "purchased" and bought["jwsRepresentation"].count(".") == 2
    assert entitled(iap_namespace) == [P + "unlock_maps"]
    iap_namespace.call("POST", "/transactions/%s/finish" % bought["id"])
    assert iap_namespace.call("GET", "/transactions/unfinished")["transactions"] == []


def test_an_unfinished_transaction_is_delivered_again(iap_namespace):
    iap_namespace.call("POST", "/purchases", {"productId": P + "extra_lives"})
    # The next launch sees it again, until it is finished.
    assert [t["productId"] for t in iap_namespace.call("GET", "/transactions/unfinished")["transactions"]] == [P + "extra_lives"]
    iap_namespace.call("POST", "/transactions/unfinished/finish")
    assert iap_namespace.call("GET", "/transactions/unfinished")["transactions"] == []


def test_ask_to_buy_is_pending_until_approved_from_the_shell(iap_namespace):
    iap_namespace.call("PATCH", "/settings", {"ask-to-buy": True})
    pending = iap_namespace.call("POST", "/purchases", {"productId": P + "rocket_car"})["transactions"][-1]
    assert pending["state"] == "deferred"
    assert entitled(iap_namespace) == []
    iap_namespace.shell("approve", pending["id"])
    assert entitled(iap_namespace) == [P + "rocket_car"]


def test_a_refund_revokes_the_entitlement(iap_namespace):
    bought = iap_namespace.call("POST", "/purchases", {"productId": P + "unlock_maps", "finish": True})["transactions"][-1]
    iap_namespace.call("POST", "/transactions/%s/refund" % bought["id"])
    assert entitled(iap_namespace) == []
    assert iap_namespace.call("GET", "/transactions/%s" % bought["id"])["transactions"][0]["revocationDate"]


def test_a_monthly_subscription_renews_and_expires_after_cancel(iap_namespace):
    iap_namespace.call("POST", "/purchases", {"productId": P + "pro.monthly", "finish": True})
    renewals = iap_namespace.call("POST", "/clock/advance", {"by": "32d"})["transactions"]
    assert len(renewals) == 1 and renewals[0]["originalId"] == "1"
    assert entitled(iap_namespace) == [P + "pro.monthly"]
    iap_namespace.call("POST", "/subscriptions/%spro.monthly/cancel" % P)
    iap_namespace.call("POST", "/clock/advance", {"by": "32d"})
    assert entitled(iap_namespace) == []
    assert "expired" in iap_namespace.shell("subscription", "status")


def test_the_server_api_answers_a_purchase_and_the_verifier_trusts_it(iap_namespace, iap_client, iap_verifier):
    bought = iap_namespace.call("POST", "/purchases", {"productId": P + "unlock_maps"})["transactions"][-1]
    info = iap_client.get_transaction_info(bought["id"])
    assert iap_verifier.verify_and_decode_signed_transaction(info.signedTransactionInfo).productId == P + "unlock_maps"


def test_a_refund_is_notified(iap_namespace, iap_client, iap_verifier, iap_notifications):
    # The README's example, as it is shown there.
    bought = iap_namespace.call("POST", "/purchases", {"productId": "com.example.fakegame.unlock_maps"})["transactions"][-1]
    iap_namespace.call("POST", "/transactions/%s/refund" % bought["id"])
    assert iap_client.get_refund_history(bought["id"], None).signedTransactions
    assert iap_verifier.verify_and_decode_notification(iap_notifications.wait_for("REFUND")["signedPayload"])
