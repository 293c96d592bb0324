"""Purchases with promotional offer signatures made by Apple's library as an app's server makes
them (version 1, the SKPaymentDiscount signature, and version 2, the JWS), with a key from
`iap keys create`."""
import datetime
import time
import uuid

from appstoreserverlibrary.jws_signature_creator import PromotionalOfferV2SignatureCreator
from appstoreserverlibrary.promotional_offer import PromotionalOfferSignatureCreator

from support import P, payload, plain, verifier

MONTHLY = P + ".pro.monthly"


def lapsed(store):
    """A subscription bought, cancelled and expired, so that the account may redeem offers."""
    store.iap("clock", "set", "2026-01-15T10:00:00Z")
    store.iap("buy", MONTHLY, "--finish")
    store.iap("subscription", "cancel", MONTHLY)
    store.iap("clock", "advance", "40d")


def signed_v1(key, offer, username, timestamp=None):
    """The --offer arguments of a version 1 signature: a fresh nonce, stamped now unless told."""
    timestamp = timestamp or int(time.time() * 1000)
    nonce = uuid.uuid4()
    signature = PromotionalOfferSignatureCreator(key.private, key.key_id, P).create_signature(MONTHLY, offer, username, nonce, timestamp)
    return ["--offer", offer, "--key-id", key.key_id, "--nonce", str(nonce), "--timestamp", str(timestamp), "--signature", signature]


def signed_v2(key, offer, transaction_id=None, private=None):
    creator = PromotionalOfferV2SignatureCreator(private or key.private, key.key_id, key.issuer_id, P)
    return creator.create_signature(MONTHLY, offer, transaction_id)


def test_a_version_1_signature_from_apples_library_buys_the_offer_a_wrong_one_is_invalid_signature(store):
    key = store.key()
    lapsed(store)
    offer = signed_v1(key, "winback.half_price", "Player-One")
    bought = store.run("buy", MONTHLY, *offer, "--username", "Player-One", "--json")
    assert bought.status == 0, bought
    assert bought.json()["transactions"][-1]["state"] == "purchased"
    # offerPeriod is the offer's whole duration: 3 × P1M.
    p = payload(bought.json()["transactions"][-1]["jwsRepresentation"])
    assert (p["offerType"], p["offerIdentifier"], p["offerDiscountType"], p["offerPeriod"], p["price"]) == (
        2, "winback.half_price", "PAY_AS_YOU_GO", "P3M", 2490)
    last = store.json("notifications")["notifications"][-1]
    assert (last["notificationType"], last["subtype"]) == ("SUBSCRIBED", "RESUBSCRIBE")
    # The same signature again: its nonce is spent.
    again = store.run("buy", MONTHLY, *offer, "--username", "Player-One", "--json")
    assert again.status == 1, again
    assert (again.json()["error"]["name"], again.json()["error"]["code"]) == ("invalidSignature", 12)
    assert "already used" in again.err
    # Signed for another username: the message differs.
    other = store.run("buy", MONTHLY, *signed_v1(key, "winback.half_price", "someone-else"), "--username", "Player-One", "--json")
    assert other.status == 1, other
    assert (other.json()["error"]["name"], other.json()["transactions"][-1]["error"]["code"]) == ("invalidSignature", 12)
    # Stamped on the store's clock (a golden scenario's): accepted; two days off both clocks: refused.
    store_ms = int(datetime.datetime(2026, 2, 24, 10, tzinfo=datetime.timezone.utc).timestamp() * 1000)
    assert store.run("buy", MONTHLY, *signed_v1(key, "loyalty.free_month", "", store_ms)).status == 0
    stale = signed_v1(key, "loyalty.free_month", "", store_ms - 172800000)
    refused = store.run("buy", MONTHLY, *stale)
    assert refused.status == 1 and "more than 24 hours" in refused.err, refused
    assert store.run("buy", MONTHLY, "--offer", "loyalty.free_month", "--json").json()["error"]["name"] == "missingOfferParams"
    unknown = stale[:]
    unknown[1] = "no.such.offer"
    assert store.run("buy", MONTHLY, *unknown, "--json").json()["error"]["name"] == "invalidOfferIdentifier"


def test_a_version_2_jws_from_apples_library_buys_the_offer_one_from_another_key_is_invalid_signature(store):
    key = store.key()
    lapsed(store)
    jws = signed_v2(key, "loyalty.free_month")
    bought = store.run("buy", MONTHLY, "--offer-jws", jws, "--json")
    assert bought.status == 0, bought
    assert bought.json()["transactions"][-1]["state"] == "purchased"
    again = store.run("buy", MONTHLY, "--offer-jws", jws, "--json")
    assert again.status == 1 and again.json()["error"]["name"] == "invalidSignature", again
    # Signed with another private key under this key id.
    other = store.key("other.p8")
    forged = store.run("buy", MONTHLY, "--offer-jws", signed_v2(key, "loyalty.free_month", private=other.private), "--json")
    assert forged.status == 1, forged
    assert (forged.json()["error"]["name"], forged.json()["error"]["code"]) == ("invalidSignature", 12)
    # For a current subscriber (the free month above), a redemption is OFFER_REDEEMED.
    assert store.run("buy", MONTHLY, "--offer-jws", signed_v2(key, "winback.half_price", "1"), "--json").status == 0
    last = store.json("notifications")["notifications"][-1]
    assert (last["notificationType"], last["subtype"]) == ("OFFER_REDEEMED", None)
    # It waits for the renewal (the free month is not cut short); the renewal then carries
    # it, as Apple's library decodes the signed renewal transaction.
    renewal = store.json("subscription", "status")["subscriptions"][0]["renewalInfo"]
    assert (renewal["offerIdentifier"], renewal["renewalPrice"]) == ("winback.half_price", 2490)
    store.iap("clock", "advance", "31d")
    token = store.json("history")["transactions"][-1]["jwsRepresentation"]
    d = plain(verifier().verify_and_decode_signed_transaction(token))
    assert (d["transactionReason"], d["offerType"], d["offerIdentifier"], d["offerDiscountType"], d["price"]) == (
        "RENEWAL", 2, "winback.half_price", "PAY_AS_YOU_GO", 2490)


def test_an_account_that_never_subscribed_is_not_eligible(store):
    key = store.key()
    refused = store.run("buy", MONTHLY, *signed_v1(key, "winback.half_price", ""), "--json")
    assert refused.status == 1, refused
    assert refused.json()["error"]["name"] == "ineligibleForOffer"
