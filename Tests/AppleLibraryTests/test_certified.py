"""Signing as the App Store signs: in Sandbox and Production every signed value is ES256 with
an x5c chain to the state's own root, which Apple's SignedDataVerifier accepts when given that
root; a forged payload and another store's root fail."""
import base64
import json

import pytest
from appstoreserverlibrary.signed_data_verifier import VerificationException

from support import P, notification, payload, plain, verifier

UUID = "6f1c2a3b-1111-4222-8333-123456789abc"


@pytest.mark.parametrize("env, app_apple_id", [("Sandbox", None), ("Production", 1234567890)])
def test_apples_library_verifies_every_signed_value_against_the_exported_root(store, receiver, env, app_apple_id):
    exported = store.run("certificates", "root", "-o", "root.cer")
    assert exported.status == 0, exported
    assert "wrote root.cer: the root certificate (DER)" in exported.out
    root = store.path("root.cer").read_bytes()
    if app_apple_id:  # first: Production without it is refused
        store.iap("settings", "set", "app-apple-id", str(app_apple_id))
    store.iap("settings", "set", "environment", env)
    store.iap("clock", "set", "2026-01-15T10:00:00Z")
    store.iap("buy", P + ".pro.monthly", "--username", UUID, "--finish")
    store.iap("buy", P + ".extra_lives", "--quantity", "2")
    store.iap("clock", "advance", "1M")
    transactions = [t["jwsRepresentation"] for t in store.json("queue")["transactions"] if "jwsRepresentation" in t]
    status = store.json("subscription", "status")["subscriptions"][0]
    transactions.append(status["signedTransactionInfo"])
    renewals = [status["signedRenewalInfo"]]
    apps = [store.json("app-transaction")["signedAppTransaction"]]
    store.iap("notifications", "--url", receiver.url + "/n", "--all")
    assert base64.urlsafe_b64decode(transactions[0].split(".")[0] + "==")[:15] == b'{"alg":"ES256",'
    assert len(receiver.bodies) == 3
    for token in transactions + renewals + apps:
        decoded = store.json("jws", "decode", token)
        assert (decoded["signatureValid"], decoded["payload"].get("environment", decoded["payload"].get("receiptType"))) == (True, env)

    check = verifier(env.upper(), root, app_apple_id)
    for token in transactions:
        check.verify_and_decode_signed_transaction(token)
    for token in renewals:
        check.verify_and_decode_renewal_info(token)
    for token in apps:
        check.verify_and_decode_app_transaction(token)
    decoded = [notification(check, body) for body in receiver.bodies]
    assert (decoded[0]["environment"], decoded[0]["type"], decoded[0]["appAppleId"]) == (env, "SUBSCRIBED", app_apple_id)
    app = plain(check.verify_and_decode_app_transaction(apps[0]))
    assert (app["receiptType"], app["bundleId"], app.get("appAppleId")) == (env, P, app_apple_id)

    # A forged payload, and another store's root, fail.
    header, _, signature = transactions[0].split(".")
    claims = payload(transactions[0])
    claims["price"] = 1
    forged = ".".join([header, base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("="), signature])
    with pytest.raises(VerificationException):
        check.verify_and_decode_signed_transaction(forged)
    other = store.root("other.cer", env={"IAP_STATE": "other"})
    with pytest.raises(VerificationException):
        verifier(env.upper(), other, app_apple_id).verify_and_decode_signed_transaction(transactions[0])
    refused = store.run("jws", "decode", forged, "--json")
    assert refused.status == 1, refused
    assert (refused.json()["signatureValid"], refused.json()["failure"]) == (False, "signature does not verify under the leaf certificate's key")
