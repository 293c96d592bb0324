#!/usr/bin/env bash
# End-to-end tests of win-back offers and offer codes: purchases from the CLI and the control
# plane. Introductory-offer eligibility JWS, and every new signed value read by Apple's App
# Store Server Library in Sandbox and Production, are in Tests/AppleLibraryTests.
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame
MONTHLY=$P.pro.monthly
YEARLY=$P.pro.yearly

# offers_catalog: the bundled catalog with win-back offers and offer codes on the monthly
# subscription, an introductory offer on the yearly one, and one-time codes on every other
# product.
offers_catalog() {
  python3 - <<'PY'
import plistlib
c = plistlib.load(open("catalog.plist", "rb"))
for p in c["products"]:
    if p["id"].endswith("pro.monthly"):
        p["winBackOffers"] = [
            {"id": "comeback.free", "paymentMode": "free", "period": "P1M", "eligibilityPaidMonths": 1,
             "eligibilityMonthsSinceLastSubscribed": {"minimum": 1, "maximum": 6}, "waitBetweenOffersMonths": 3},
            {"id": "comeback.cheap", "paymentMode": "payUpFront", "period": "P3M", "price": "5.99"},
        ]
        p["offerCodes"] = [{"id": "SPRING", "paymentMode": "payAsYouGo", "period": "P1M", "numberOfPeriods": 2,
                            "price": "1.99", "eligibility": ["new", "expired"]}]
    elif p["id"].endswith("pro.yearly"):
        p["introductoryOffer"] = {"paymentMode": "free", "period": "P1W"}
    else:
        p["offerCodes"] = [{"id": "HALF", "price": "0.49"}]
plistlib.dump(c, open("catalog.plist", "wb"))
PY
}

# last_jws: the jwsRepresentation of the last transaction a --json purchase printed.
last_jws() { json 'd["transactions"][-1]["jwsRepresentation"]'; }
# signed EXPR: EXPR over the decoded payload (`p`) of that jwsRepresentation.
signed() {
  last_jws | python3 -c "import json,sys,base64; t=sys.stdin.read().split('.')[1]; p=json.loads(base64.urlsafe_b64decode(t+'='*(-len(t)%4))); print($1)"
}

scenario "a lapsed customer redeems a win-back offer; an ineligible one gets a clear StoreKit error"
offers_catalog
iap clock set 2026-01-15T10:00:00Z >/dev/null
run buy $MONTHLY --win-back comeback.cheap --json
expect_status 1
expect_json 'd["error"]["name"], d["error"]["code"]' "ineligibleForOffer 18"
expect_err_has "win-back offers are for lapsed subscribers"
iap buy $MONTHLY --finish >/dev/null
iap subscription cancel $MONTHLY >/dev/null
iap clock advance 40d >/dev/null
# Lapsed ten days ago: the free offer needs a month since the lapse; the other is open.
run subscription status --json
expect_json '__import__("json").loads(__import__("base64").urlsafe_b64decode(d["subscriptions"][0]["signedRenewalInfo"].split(".")[1] + "==="))["eligibleWinBackOfferIds"]' "['comeback.cheap']"
run buy $MONTHLY --win-back comeback.free --json
expect_status 1
expect_err_has "at least 1 month ago"
run buy $MONTHLY --win-back nope --json
expect_json 'd["error"]["name"]' invalidOfferIdentifier
run buy $MONTHLY --win-back comeback.cheap --offer-code SPRING
expect_status 64
iap clock advance 1M >/dev/null
run buy $MONTHLY --win-back comeback.free --finish
expect_status 0
expect_out_has "win-back offer comeback.free"
run notifications --json
expect_json 'd["notifications"][-1]["notificationType"], d["notifications"][-1]["subtype"]' "SUBSCRIBED RESUBSCRIBE"

scenario "offer codes: a subscription's for the customers it names, a one-time price for the rest"
offers_catalog
run buy $P.extra_lives --offer-code HALF --json
expect_status 0
expect_json 'd["transactions"][-1]["offer"]' "{'type': 'code', 'id': 'HALF', 'discountType': 'ONE_TIME', 'period': None}"
run buy $P.extra_lives --offer-code WINTER --json
expect_status 1
expect_json 'd["error"]["name"], d["error"]["code"]' "invalidOfferIdentifier 11"
run buy $MONTHLY --offer-code SPRING --finish --json
expect_status 0
expect_same "$(signed 'p["offerType"], p["offerIdentifier"], p["offerDiscountType"], p["price"]')" "3 SPRING PAY_AS_YOU_GO 1990" "the signed transaction"
# Subscribed now: SPRING is for new and expired customers only.
run buy $MONTHLY --offer-code SPRING --json
expect_status 1
expect_json 'd["error"]["name"]' ineligibleForOffer

scenario "the control plane takes winBackOfferId, offerCode and introductoryOfferEligibilityJWS"
offers_catalog
start_server
post() { python3 -c 'import sys, urllib.request, urllib.error
req = urllib.request.Request(sys.argv[1], data=sys.argv[2].encode(), headers={"Content-Type": "application/json"}, method="POST")
try: print(urllib.request.urlopen(req).read().decode())
except urllib.error.HTTPError as e: print(e.read().decode())' "$url/iap/v1/purchases" "$1"; }
out=$(post '{"productId": "'$P'.rocket_car", "offerCode": "HALF"}')
expect_same "$(signed 'p["offerType"], p["offerDiscountType"], p["price"]')" "3 ONE_TIME 490" "the signed transaction"
out=$(post '{"productId": "'$MONTHLY'", "winBackOfferId": "comeback.free"}')
expect_json 'd["error"]["name"]' ineligibleForOffer
out=$(post '{"productId": "'$MONTHLY'", "winBackOfferId": "comeback.free", "offerCode": "SPRING"}')
expect_json 'd["error"]["name"]' usage
out=$(post '{"productId": "'$YEARLY'", "introductoryOfferEligibilityJWS": "x.y.z"}')
expect_json 'd["error"]["name"]' invalidSignature
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null

finish
