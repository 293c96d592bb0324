"""RESCIND_CONSENT, removal from sale, Finish Transaction and lookups by appTransactionId, as
Apple's library verifies and calls them."""
from appstoreserverlibrary.api_client import GetTransactionHistoryVersion
from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest

from support import P, client, notification, outcome, verifier


def rescinded(store, check):
    """The last RESCIND_CONSENT verified, and the app transaction its appData carries."""
    n = check.verify_and_decode_notification(store.bodies(last=1)[0])
    app = check.verify_and_decode_app_transaction(n.appData.signedAppTransactionInfo)
    return n, app


def test_apples_library_verifies_rescind_consent_and_its_app_transaction(store):
    root = store.root()
    store.iap("settings", "set", "environment", "Sandbox")
    store.iap("buy", P + ".unlock_maps", "--finish")
    store.iap("consent", "rescind")
    n, app = rescinded(store, verifier("SANDBOX", root))
    assert (n.notificationType.value, n.data, n.appData.bundleId, n.appData.environment.value) == ("RESCIND_CONSENT", None, P, "Sandbox")
    assert (app.appTransactionId, app.bundleId) == (store.json("app-transaction")["appTransactionId"], P)
    store.iap("settings", "set", "app-apple-id", "1234567890")
    store.iap("settings", "set", "environment", "Production")
    store.iap("consent", "rescind")
    n, app = rescinded(store, verifier("PRODUCTION", root, 1234567890))
    assert (n.appData.environment.value, n.appData.appAppleId) == ("Production", 1234567890)


def test_apples_library_reads_expired_product_not_for_sale(store):
    store.iap("settings", "set", "environment", "Sandbox")
    check = verifier("SANDBOX", store.root())
    store.iap("clock", "set", "2026-01-15T10:00:00Z")
    store.iap("buy", P + ".pro.monthly", "--finish")
    store.iap("products", "remove-from-sale", P + ".pro.monthly")
    store.iap("clock", "advance", "1M")
    expired = notification(check, store.bodies(last=1)[0])
    assert (expired["type"], expired["subtype"], expired["expirationIntent"]) == ("EXPIRED", "PRODUCT_NOT_FOR_SALE", 4)


def test_apples_client_finishes_transactions_and_looks_up_by_app_transaction_id(store):
    store.iap("settings", "set", "environment", "Sandbox")
    store.iap("clock", "set", "2026-01-15T10:00:00Z")
    key = store.key()
    check = verifier("SANDBOX", store.root())
    store.iap("buy", P + ".pro.monthly", "--finish")
    store.iap("buy", P + ".coins_1000")
    api = client(store.serve().url, key)
    app_id = check.verify_and_decode_signed_transaction(api.get_transaction_info("2").signedTransactionInfo).appTransactionId
    assert outcome(lambda: api.finish_transaction("2") or "finished") == "finished"
    assert outcome(lambda: api.finish_transaction("2") or "finished") == "finished"
    assert outcome(lambda: api.finish_transaction("999999")) == {"status": 404, "errorCode": 4040010}
    assert outcome(lambda: api.finish_transaction(app_id)) == {"status": 400, "errorCode": 4000048}
    assert outcome(lambda: api.get_transaction_info(app_id)) == {"status": 400, "errorCode": 4000048}
    app = check.verify_and_decode_app_transaction(api.get_app_transaction_info(app_id).signedAppTransactionInfo)
    assert app.appTransactionId == app_id
    history = api.get_transaction_history(app_id, None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
    assert sorted(check.verify_and_decode_signed_transaction(t).productId for t in history.signedTransactions) == [
        P + ".coins_1000", P + ".pro.monthly"]
    assert [g.subscriptionGroupIdentifier for g in api.get_all_subscription_statuses(app_id).data] == ["pro"]
    assert store.json("queue")["transactions"] == []
