#!/usr/bin/env bash
# End-to-end tests of promotional offers signed by Apple's App Store Server Library: purchases
# with its signatures (version 1, the SKPaymentDiscount signature, and version 2, the JWS)
# made with a key from `iap keys create`. `iap keys` itself is tested in Swift
# (OfferScenarioTests).
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame
MONTHLY=$P.pro.monthly
TOOLS="$ROOT/scripts/e2e/tools"
APPLE=$(apple_python)

if [ -z "$APPLE" ]; then
  scenario "purchases with offers signed by Apple's library"
  missing_tool "Apple's App Store Server Library is not installed and could not be (pip install app-store-server-library)"
  finish
  exit
fi

# lapsed: a subscription bought, cancelled, and expired, so the account may redeem offers.
lapsed() {
  iap clock set 2026-01-15T10:00:00Z >/dev/null
  iap buy $MONTHLY --finish >/dev/null
  iap subscription cancel $MONTHLY >/dev/null
  iap clock advance 40d >/dev/null
}
# payload EXPR: evaluates EXPR over the decoded payload (`p`) of the last transaction's jwsRepresentation.
payload() {
  printf '%s' "$out" | python3 -c "import json,sys,base64; t=json.load(sys.stdin)['transactions'][-1]['jwsRepresentation'].split('.')[1]; p=json.loads(base64.urlsafe_b64decode(t+'='*(-len(t)%4))); print($1)"
}

scenario "a version 1 signature from Apple's library buys the offer; a wrong one is invalidSignature"
iap keys create -o key.p8 --json >ids.json 2>/dev/null
keyid=$(python3 -c 'import json; print(json.load(open("ids.json"))["keyId"])')
lapsed
read -r sig nonce ts < <("$APPLE" "$TOOLS/offer_signature.py" v1 key.p8 "$keyid" $P $MONTHLY winback.half_price Player-One)
run buy $MONTHLY --offer winback.half_price --key-id "$keyid" --nonce "$nonce" --timestamp "$ts" --signature "$sig" --username Player-One --json
expect_status 0
expect_json 'd["transactions"][-1]["state"]' purchased
# offerPeriod is the offer's whole duration: 3 × P1M.
expect_same "$(payload 'p["offerType"], p["offerIdentifier"], p["offerDiscountType"], p["offerPeriod"], p["price"]')" "2 winback.half_price PAY_AS_YOU_GO P3M 2490" "the signed transaction"
run notifications --json
expect_json 'd["notifications"][-1]["notificationType"], d["notifications"][-1]["subtype"]' "SUBSCRIBED RESUBSCRIBE"
# The same signature again: its nonce is spent.
run buy $MONTHLY --offer winback.half_price --key-id "$keyid" --nonce "$nonce" --timestamp "$ts" --signature "$sig" --username Player-One --json
expect_status 1
expect_json 'd["error"]["name"], d["error"]["code"]' "invalidSignature 12"
expect_err_has "already used"
# Signed for another username: the message differs.
read -r sig nonce ts < <("$APPLE" "$TOOLS/offer_signature.py" v1 key.p8 "$keyid" $P $MONTHLY winback.half_price someone-else)
run buy $MONTHLY --offer winback.half_price --key-id "$keyid" --nonce "$nonce" --timestamp "$ts" --signature "$sig" --username Player-One --json
expect_status 1
expect_json 'd["error"]["name"], d["transactions"][-1]["error"]["code"]' "invalidSignature 12"
# Stamped on the store's clock (a golden scenario's): accepted; two days off both clocks: refused.
store_ms=$(python3 -c 'import datetime; print(int(datetime.datetime(2026, 2, 24, 10, tzinfo=datetime.timezone.utc).timestamp() * 1000))')
read -r sig nonce ts < <("$APPLE" "$TOOLS/offer_signature.py" v1 key.p8 "$keyid" $P $MONTHLY loyalty.free_month "" "$store_ms")
run buy $MONTHLY --offer loyalty.free_month --key-id "$keyid" --nonce "$nonce" --timestamp "$ts" --signature "$sig"
expect_status 0
read -r sig nonce ts < <("$APPLE" "$TOOLS/offer_signature.py" v1 key.p8 "$keyid" $P $MONTHLY loyalty.free_month "" "$((store_ms - 172800000))")
run buy $MONTHLY --offer loyalty.free_month --key-id "$keyid" --nonce "$nonce" --timestamp "$ts" --signature "$sig"
expect_status 1
expect_err_has "more than 24 hours"
run buy $MONTHLY --offer loyalty.free_month --json
expect_json 'd["error"]["name"]' missingOfferParams
run buy $MONTHLY --offer no.such.offer --key-id "$keyid" --nonce "$nonce" --timestamp "$ts" --signature "$sig" --json
expect_json 'd["error"]["name"]' invalidOfferIdentifier

scenario "a version 2 JWS from Apple's library buys the offer; one from another key is invalidSignature"
iap keys create -o key.p8 --json >ids.json 2>/dev/null
keyid=$(python3 -c 'import json; print(json.load(open("ids.json"))["keyId"])')
issuer=$(python3 -c 'import json; print(json.load(open("ids.json"))["issuerId"])')
lapsed
jws=$("$APPLE" "$TOOLS/offer_signature.py" v2 key.p8 "$keyid" "$issuer" $P $MONTHLY loyalty.free_month)
run buy $MONTHLY --offer-jws "$jws" --json
expect_status 0
expect_json 'd["transactions"][-1]["state"]' purchased
run buy $MONTHLY --offer-jws "$jws" --json
expect_status 1
expect_json 'd["error"]["name"]' invalidSignature
iap keys create -o other.p8 >/dev/null 2>&1
# Signed with another private key under this key id.
jws=$("$APPLE" "$TOOLS/offer_signature.py" v2 other.p8 "$keyid" "$issuer" $P $MONTHLY loyalty.free_month)
run buy $MONTHLY --offer-jws "$jws" --json
expect_status 1
expect_json 'd["error"]["name"], d["error"]["code"]' "invalidSignature 12"
# For a current subscriber (the free month above), a redemption is OFFER_REDEEMED.
jws=$("$APPLE" "$TOOLS/offer_signature.py" v2 key.p8 "$keyid" "$issuer" $P $MONTHLY winback.half_price 1)
run buy $MONTHLY --offer-jws "$jws" --json
expect_status 0
run notifications --json
expect_json 'd["notifications"][-1]["notificationType"], d["notifications"][-1]["subtype"]' "OFFER_REDEEMED None"
# It waits for the renewal (the free month is not cut short); the renewal then
# carries it, as Apple's library decodes the signed renewal transaction.
run subscription status --json
expect_json 'd["subscriptions"][0]["renewalInfo"]["offerIdentifier"], d["subscriptions"][0]["renewalInfo"]["renewalPrice"]' "winback.half_price 2490"
iap clock advance 31d >/dev/null
run history --json
printf '%s' "$out" | python3 -c "import json,sys; print(json.load(sys.stdin)['transactions'][-1]['jwsRepresentation'])" >renewal.jws
decoded=$("$APPLE" "$TOOLS/apple_verify.py" $P transaction <renewal.jws | python3 -c 'import json,sys; p=json.loads(sys.stdin.read()); print(p["transactionReason"], p["offerType"], p["offerIdentifier"], p["offerDiscountType"], p["price"])')
expect_same "$decoded" "RENEWAL 2 winback.half_price PAY_AS_YOU_GO 2490" "the renewal redeems the waiting offer (Apple's library)"

scenario "an account that never subscribed is not eligible"
iap keys create -o key.p8 --json >ids.json 2>/dev/null
keyid=$(python3 -c 'import json; print(json.load(open("ids.json"))["keyId"])')
read -r sig nonce ts < <("$APPLE" "$TOOLS/offer_signature.py" v1 key.p8 "$keyid" $P $MONTHLY winback.half_price "")
run buy $MONTHLY --offer winback.half_price --key-id "$keyid" --nonce "$nonce" --timestamp "$ts" --signature "$sig" --json
expect_status 1
expect_json 'd["error"]["name"]' ineligibleForOffer

finish
