#!/usr/bin/env bash
# End-to-end checks of win-back offers, offer codes and introductory-offer eligibility JWS with
# Apple's App Store Server Library: eligibility JWS it signs, and every new signed value it
# verifies in Sandbox and Production (offerType decoded as WIN_BACK_OFFER and OFFER_CODE,
# ONE_TIME, eligibleWinBackOfferIds in renewal info, the notifications, and Get Transaction Info
# from Apple's client against `iap serve`). Purchases with these offers from the CLI and the
# control plane are tested in Swift (RedemptionScenarioTests).
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame
MONTHLY=$P.pro.monthly
YEARLY=$P.pro.yearly
TOOLS="$ROOT/scripts/e2e/tools"
APPLE=$(apple_python)

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

if [ -z "$APPLE" ]; then
  scenario "Apple's library verifies offer codes, win-back offers and eligibility JWS"
  missing_tool "Apple's App Store Server Library is not installed and could not be (pip install app-store-server-library)"
  finish
  exit
fi

scenario "an introductory-offer eligibility JWS from Apple's library overrides eligibility; a bad one is invalidSignature"
offers_catalog
iap keys create -o key.p8 --json >ids.json 2>/dev/null
keyid=$(python3 -c 'import json; print(json.load(open("ids.json"))["keyId"])')
issuer=$(python3 -c 'import json; print(json.load(open("ids.json"))["issuerId"])')
app_tx=$(iap app-transaction --json | python3 -c 'import json,sys,base64; t=json.load(sys.stdin)["signedAppTransaction"].split(".")[1]; print(json.loads(base64.urlsafe_b64decode(t+"==="))["appTransactionId"])')
jws=$("$APPLE" "$TOOLS/offer_signature.py" intro key.p8 "$keyid" "$issuer" $P $YEARLY false "$app_tx")
run buy $YEARLY --intro-eligibility-jws "$jws" --json
expect_status 0
expect_same "$(signed 'p.get("offerType"), p["price"]')" "None 39990" "the signed transaction"
# Lapsed, the customer has had the group's introductory offer; a signed yes gives it again.
iap subscription cancel $YEARLY >/dev/null
iap clock advance 13M >/dev/null
jws=$("$APPLE" "$TOOLS/offer_signature.py" intro key.p8 "$keyid" "$issuer" $P $YEARLY true "$app_tx")
run buy $YEARLY --intro-eligibility-jws "$jws" --json
expect_status 0
expect_same "$(signed 'p["offerType"], p["offerDiscountType"], p["price"]')" "1 FREE_TRIAL 0" "the signed transaction"
iap keys create -o other.p8 >/dev/null 2>&1
jws=$("$APPLE" "$TOOLS/offer_signature.py" intro other.p8 "$keyid" "$issuer" $P $YEARLY true "$app_tx")
run buy $YEARLY --intro-eligibility-jws "$jws" --json
expect_status 1
expect_json 'd["error"]["name"], d["error"]["code"]' "invalidSignature 12"

for env in Sandbox Production; do
  upper=$(printf '%s' "$env" | tr a-z A-Z)
  extra=""
  [ "$env" = Production ] && extra=1234567890
  scenario "$env: Apple's SignedDataVerifier accepts the new offers and decodes their types"
  offers_catalog
  iap settings set environment "$env" >/dev/null
  [ -n "$extra" ] && iap settings set app-apple-id "$extra" >/dev/null
  iap certificates root -o root.cer >/dev/null
  iap clock set 2026-01-15T10:00:00Z >/dev/null
  iap keys create -o key.p8 --json >key.json 2>/dev/null
  run buy $P.coins_1000 --offer-code HALF --finish --json
  last_jws >tokens
  code_id=$(json 'd["transactions"][-1]["id"]')
  run buy $MONTHLY --offer-code SPRING --finish --json
  last_jws >>tokens
  iap subscription cancel $MONTHLY >/dev/null
  iap clock advance 2M >/dev/null
  run subscription status --json
  json 'd["subscriptions"][0]["signedRenewalInfo"]' >renewals
  run buy $MONTHLY --win-back comeback.free --finish --json
  last_jws >>tokens
  win_id=$(json 'd["transactions"][-1]["id"]')
  # Get Transaction Info from Apple's AppStoreServerAPIClient against iap serve.
  start_server
  key_id=$(python3 -c 'import json; print(json.load(open("key.json"))["keyId"])')
  issuer=$(python3 -c 'import json; print(json.load(open("key.json"))["issuerId"])')
  "$APPLE" "$TOOLS/server_offers.py" "$url" key.p8 "$key_id" "$issuer" $P "$upper" root.cer "${extra:--}" "$code_id" "$win_id" >calls 2>client.err && ok ||
    not_ok "Apple's client failed in $env: $(tail -n 3 client.err)"
  out=$(grep "\"$code_id\"" calls); expect_json 'd["result"]' "['OFFER_CODE', 'ONE_TIME', 'HALF']"
  out=$(grep "\"$win_id\"" calls); expect_json 'd["result"]' "['WIN_BACK_OFFER', 'FREE_TRIAL', 'comeback.free']"
  kill "$server" 2>/dev/null
  wait "$server" 2>/dev/null
  # shellcheck disable=SC2086
  if "$APPLE" "$TOOLS/apple_offers.py" $P transaction "$upper" root.cer $extra <tokens >decoded 2>apple.err; then
    ok
    expect_same "$(sed -n 1p decoded)" "OFFER_CODE HALF ONE_TIME None 490 $upper" "the one-time offer code"
    expect_same "$(sed -n 2p decoded)" "OFFER_CODE SPRING PAY_AS_YOU_GO P2M 1990 $upper" "the subscription's offer code"
    expect_same "$(sed -n 3p decoded)" "WIN_BACK_OFFER comeback.free FREE_TRIAL P1M 0 $upper" "the win-back offer"
  else
    not_ok "Apple's library rejected a transaction in $env: $(tail -n 3 apple.err)"
  fi
  iap notifications --json | python3 -c 'import json,sys; [print(json.dumps({"signedPayload": n["signedPayload"]})) for n in json.load(sys.stdin)["notifications"]]' >bodies
  # shellcheck disable=SC2086
  if "$APPLE" "$TOOLS/apple_verify.py" $P notification "$upper" root.cer $extra <bodies >decoded 2>apple.err; then
    ok
    expect_same "$(tail -n 1 decoded | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["type"], d["subtype"], d["environment"])')" \
      "SUBSCRIBED RESUBSCRIBE $env" "the win-back redemption's notification"
  else
    not_ok "Apple's library rejected a notification in $env: $(tail -n 3 apple.err)"
  fi
  # shellcheck disable=SC2086
  if "$APPLE" "$TOOLS/apple_offers.py" $P renewal "$upper" root.cer $extra <renewals >decoded 2>apple.err; then
    ok
    expect_same "$(cat decoded)" "comeback.free,comeback.cheap $upper" "eligibleWinBackOfferIds"
  else
    not_ok "Apple's library rejected renewal info in $env: $(tail -n 3 apple.err)"
  fi
done

finish
