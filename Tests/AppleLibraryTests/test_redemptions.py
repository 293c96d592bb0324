"""Win-back offers, offer codes and introductory-offer eligibility JWS as Apple's library makes
and reads them: eligibility signed by its creator, every new signed value verified in Sandbox
and Production (offerType WIN_BACK_OFFER and OFFER_CODE, ONE_TIME, eligibleWinBackOfferIds in
renewal info, the notifications, Get Transaction Info from its client against `iap serve`)."""
import plistlib

import pytest
from appstoreserverlibrary.jws_signature_creator import IntroductoryOfferEligibilitySignatureCreator

from support import P, client, notification, payload, verifier

MONTHLY = P + ".pro.monthly"
YEARLY = P + ".pro.yearly"


def offers_catalog(store):
    """The bundled catalog with win-back offers and offer codes on the monthly subscription, an
    introductory offer on the yearly one, and one-time codes on every other product."""
    path = store.path("catalog.plist")
    catalog = plistlib.loads(path.read_bytes())
    for product in catalog["products"]:
        if product["id"].endswith("pro.monthly"):
            product["winBackOffers"] = [
                {"id": "comeback.free", "paymentMode": "free", "period": "P1M", "eligibilityPaidMonths": 1,
                 "eligibilityMonthsSinceLastSubscribed": {"minimum": 1, "maximum": 6}, "waitBetweenOffersMonths": 3},
                {"id": "comeback.cheap", "paymentMode": "payUpFront", "period": "P3M", "price": "5.99"},
            ]
            product["offerCodes"] = [{"id": "SPRING", "paymentMode": "payAsYouGo", "period": "P1M", "numberOfPeriods": 2,
                                      "price": "1.99", "eligibility": ["new", "expired"]}]
        elif product["id"].endswith("pro.yearly"):
            product["introductoryOffer"] = {"paymentMode": "free", "period": "P1W"}
        else:
            product["offerCodes"] = [{"id": "HALF", "price": "0.49"}]
    path.write_bytes(plistlib.dumps(catalog))


def test_an_introductory_offer_eligibility_jws_from_apples_library_overrides_eligibility(store):
    offers_catalog(store)
    key = store.key()
    app_transaction = payload(store.json("app-transaction")["signedAppTransaction"])["appTransactionId"]

    def eligibility(allow, private=None):
        creator = IntroductoryOfferEligibilitySignatureCreator(private or key.private, key.key_id, key.issuer_id, P)
        return creator.create_signature(YEARLY, allow, app_transaction)

    bought = store.run("buy", YEARLY, "--intro-eligibility-jws", eligibility(False), "--json")
    assert bought.status == 0, bought
    p = payload(bought.json()["transactions"][-1]["jwsRepresentation"])
    assert (p.get("offerType"), p["price"]) == (None, 39990)
    # Lapsed, the customer has had the group's introductory offer; a signed yes gives it again.
    store.iap("subscription", "cancel", YEARLY)
    store.iap("clock", "advance", "13M")
    bought = store.run("buy", YEARLY, "--intro-eligibility-jws", eligibility(True), "--json")
    assert bought.status == 0, bought
    p = payload(bought.json()["transactions"][-1]["jwsRepresentation"])
    assert (p["offerType"], p["offerDiscountType"], p["price"]) == (1, "FREE_TRIAL", 0)
    other = store.key("other.p8")
    refused = store.run("buy", YEARLY, "--intro-eligibility-jws", eligibility(True, other.private), "--json")
    assert refused.status == 1, refused
    assert (refused.json()["error"]["name"], refused.json()["error"]["code"]) == ("invalidSignature", 12)


@pytest.mark.parametrize("env, app_apple_id", [("Sandbox", None), ("Production", 1234567890)])
def test_apples_signed_data_verifier_accepts_the_new_offers_and_decodes_their_types(store, env, app_apple_id):
    offers_catalog(store)
    if app_apple_id:  # first: Production without it is refused
        store.iap("settings", "set", "app-apple-id", str(app_apple_id))
    store.iap("settings", "set", "environment", env)
    check = verifier(env.upper(), store.root(), app_apple_id)
    store.iap("clock", "set", "2026-01-15T10:00:00Z")
    key = store.key()
    code = store.json("buy", P + ".coins_1000", "--offer-code", "HALF", "--finish")["transactions"][-1]
    spring = store.json("buy", MONTHLY, "--offer-code", "SPRING", "--finish")["transactions"][-1]
    store.iap("subscription", "cancel", MONTHLY)
    store.iap("clock", "advance", "2M")
    renewal = store.json("subscription", "status")["subscriptions"][0]["signedRenewalInfo"]
    win = store.json("buy", MONTHLY, "--win-back", "comeback.free", "--finish")["transactions"][-1]

    # Get Transaction Info from Apple's AppStoreServerAPIClient against iap serve.
    server = store.serve()
    api = client(server.url, key, env.upper())

    def offer(transaction_id):
        t = check.verify_and_decode_signed_transaction(api.get_transaction_info(str(transaction_id)).signedTransactionInfo)
        return [t.offerType.name if t.offerType else None, t.offerDiscountType.name if t.offerDiscountType else None, t.offerIdentifier]

    assert offer(code["id"]) == ["OFFER_CODE", "ONE_TIME", "HALF"]
    assert offer(win["id"]) == ["WIN_BACK_OFFER", "FREE_TRIAL", "comeback.free"]
    server.stop()

    def fields(transaction):
        t = check.verify_and_decode_signed_transaction(transaction["jwsRepresentation"])
        return [t.offerType.name, t.offerIdentifier, t.offerDiscountType.name, t.offerPeriod, t.price, t.environment.name]

    assert fields(code) == ["OFFER_CODE", "HALF", "ONE_TIME", None, 490, env.upper()]
    assert fields(spring) == ["OFFER_CODE", "SPRING", "PAY_AS_YOU_GO", "P2M", 1990, env.upper()]
    assert fields(win) == ["WIN_BACK_OFFER", "comeback.free", "FREE_TRIAL", "P1M", 0, env.upper()]
    decoded = [notification(check, body) for body in store.bodies()]
    assert (decoded[-1]["type"], decoded[-1]["subtype"], decoded[-1]["environment"]) == ("SUBSCRIBED", "RESUBSCRIBE", env)
    info = check.verify_and_decode_renewal_info(renewal)
    assert (info.eligibleWinBackOfferIds, info.environment.name) == (["comeback.free", "comeback.cheap"], env.upper())


def test_a_win_back_offer_renewal_info_does_not_list_is_refused(store):
    """StoreKit redeems only what `eligibleWinBackOfferIds` lists: the offers of the customer's
    most recent subscription in the group, once it churned (expired and not renewing)."""
    offers_catalog(store)
    store.iap("settings", "set", "environment", "Sandbox")
    check = verifier("SANDBOX", store.root())
    store.iap("clock", "set", "2026-01-15T10:00:00Z")

    def eligible(account):
        status = store.json("--account", account, "subscription", "status")["subscriptions"][0]
        return check.verify_and_decode_renewal_info(status["signedRenewalInfo"]).eligibleWinBackOfferIds

    def win_back(account):
        bought = store.run("--account", account, "buy", MONTHLY, "--win-back", "comeback.cheap", "--json")
        return bought.status, bought.json().get("error", {}).get("name")

    # A yearly subscriber lapsed fourteen months: the monthly's offers are not theirs.
    store.iap("--account", "yearly", "buy", YEARLY, "--finish")
    store.iap("--account", "yearly", "subscription", "cancel", YEARLY)
    store.iap("clock", "advance", "14M")
    assert eligible("yearly") is None
    assert win_back("yearly") == (1, "ineligibleForOffer")
    # A monthly subscriber whose billing retry ran out is still set to renew: not churned.
    store.iap("settings", "set", "billing-retry", "on")
    store.iap("--account", "retry", "buy", MONTHLY, "--finish")
    store.iap("clock", "advance", "4M")
    assert eligible("retry") is None
    assert win_back("retry") == (1, "ineligibleForOffer")
