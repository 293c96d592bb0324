"""EXTERNAL_PURCHASE_TOKEN UNREPORTED for an app configured for external purchase, as Apple's
library verifies and decodes it: the token in `externalPurchaseToken`, no `data`."""
from support import P, verifier


def unreported(store, check):
    """The last notification verified, and the token it carries."""
    n = check.verify_and_decode_notification(store.bodies(last=1)[0])
    return n, n.externalPurchaseToken


def test_apples_library_verifies_an_unreported_external_purchase_token(store):
    root = store.root()
    store.iap("settings", "set", "environment", "Sandbox")
    store.iap("clock", "set", "2026-01-15T10:00:00Z")
    store.iap("settings", "set", "external-purchase", "on")
    token = store.json("external-purchase", "token")
    store.iap("clock", "advance", "10d")
    n, t = unreported(store, verifier("SANDBOX", root))
    assert (n.notificationType.value, n.subtype.value, n.data, n.appData) == ("EXTERNAL_PURCHASE_TOKEN", "UNREPORTED", None, None)
    assert (t.externalPurchaseId, t.tokenCreationDate, t.bundleId) == (token["externalPurchaseId"], 1768471200000, P)
    assert t.externalPurchaseId.startswith("SANDBOX")
    assert n.signedDate == 1768471200000 + 10 * 86400000
    store.iap("settings", "set", "app-apple-id", "1234567890")
    store.iap("settings", "set", "environment", "Production")
    token = store.json("external-purchase", "token")
    store.iap("clock", "advance", "10d")
    n, t = unreported(store, verifier("PRODUCTION", root, 1234567890))
    assert (t.externalPurchaseId, t.appAppleId, t.bundleId) == (token["externalPurchaseId"], 1234567890, P)
    assert not t.externalPurchaseId.startswith("SANDBOX")
