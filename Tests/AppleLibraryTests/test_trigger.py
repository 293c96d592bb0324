"""`iap notifications trigger` in a namespace signing for Production (every notification `--list`
names) or Sandbox (a few): what it prints is the notification the store signed, and Apple's
library verifies it as that type and subtype."""
import pytest

from support import notification, verifier


# Sandbox signs with another chain but the same flows: a few of each kind of payload.
SANDBOX = {("SUBSCRIBED", "INITIAL_BUY"), ("REFUND", None), ("EXTERNAL_PURCHASE_TOKEN", "UNREPORTED"), ("TEST", None)}


@pytest.mark.parametrize("environment", ["Production", "Sandbox"])
def test_apples_library_verifies_every_notification_the_trigger_lists(store, environment):
    store.iap("namespace", "create", "lab", "--environment", environment, "--app-apple-id", "1234567890")
    check = verifier(environment.upper(), store.root(env={"IAP_NAMESPACE": "lab"}), 1234567890)
    listed = store.json("--namespace", "lab", "notifications", "trigger", "--list")["triggers"]
    assert len(listed) >= 27
    if environment == "Sandbox":
        listed = [row for row in listed if (row["notificationType"], row["subtype"]) in SANDBOX]
        assert len(listed) == len(SANDBOX)
    for index, row in enumerate(listed):
        type, subtype = row["notificationType"], row["subtype"]
        words = ["--namespace", "lab", "notifications", "trigger", type] + ([subtype] if subtype else [])
        sent = store.json(*words, "--customer", "customer-%d" % index)["notification"]
        verified = check.verify_and_decode_notification(sent["signedPayload"])
        assert (verified.rawNotificationType, verified.rawSubtype) == (type, subtype)
        assert verified.notificationUUID == sent["notificationUUID"]
        if verified.data is not None and verified.data.signedTransactionInfo:
            n = notification(check, sent["signedPayload"])
            assert (n["environment"], n["productId"]) == (environment, sent["productId"])
    refused = store.run("--namespace", "lab", "notifications", "trigger", "METADATA_UPDATE")
    assert refused.status == 64
