"""`iap notifications trigger` in a namespace signing for Production or Sandbox: what it prints
is the notification the store signed, and Apple's library verifies it as that type and subtype."""
import pytest

from support import notification, verifier

TRIGGERS = [
    ("SUBSCRIBED", "INITIAL_BUY"),
    ("DID_RENEW", None),
    ("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED"),
    ("EXPIRED", "VOLUNTARY"),
    ("PRICE_INCREASE", "PENDING"),
    ("ONE_TIME_CHARGE", None),
    ("REFUND", None),
    ("DID_CHANGE_RENEWAL_PREF", "UPGRADE"),
    ("RENEWAL_EXTENDED", None),
    ("DID_FAIL_TO_RENEW", "GRACE_PERIOD"),
    ("EXPIRED", "PRODUCT_NOT_FOR_SALE"),
    ("CONSUMPTION_REQUEST", None),
]


@pytest.mark.parametrize("environment", ["Production", "Sandbox"])
def test_apples_library_verifies_what_a_trigger_sends(store, environment):
    store.iap("namespace", "create", "lab", "--environment", environment, "--app-apple-id", "1234567890")
    check = verifier(environment.upper(), store.root(env={"IAP_NAMESPACE": "lab"}), 1234567890)
    for index, (type, subtype) in enumerate(TRIGGERS):
        words = ["--namespace", "lab", "notifications", "trigger", type] + ([subtype] if subtype else [])
        sent = store.json(*words, "--customer", "customer-%d" % index)["notification"]
        verified = check.verify_and_decode_notification(sent["signedPayload"])
        assert verified.notificationUUID == sent["notificationUUID"]
        n = notification(check, sent["signedPayload"])
        assert (n["type"], n["subtype"], n["environment"]) == (type, subtype, environment)
        assert n["productId"] == sent["productId"]
    sent = store.json("--namespace", "lab", "notifications", "trigger", "EXTERNAL_PURCHASE_TOKEN", "UNREPORTED")["notification"]
    verified = check.verify_and_decode_notification(sent["signedPayload"])
    assert (verified.rawNotificationType, verified.rawSubtype) == ("EXTERNAL_PURCHASE_TOKEN", "UNREPORTED")
    assert verified.externalPurchaseToken.bundleId == "com.example.fakegame"
    refused = store.run("--namespace", "lab", "notifications", "trigger", "METADATA_UPDATE")
    assert refused.status == 64
