#!/usr/bin/env bash
# End-to-end tests of the lifecycle commands: refund requests, declines
# and reversals, price increases and Family Sharing, driven as a user would, checked in
# `notifications --json` and, when Apple's App Store Server Library is at hand, verified
# with it in Sandbox (every new notification type, signed with the state's chain).
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame
TOOLS="$ROOT/scripts/e2e/tools"
APPLE=$(apple_python)
types() { iap notifications --json | python3 -c 'import json,sys; print(" ".join(n["notificationType"] + ("/" + n["subtype"] if n["subtype"] else "") for n in json.load(sys.stdin)["notifications"]))'; }

scenario "refund-request, refund-decline, refund, refund-reverse"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.coins_1000 --finish >/dev/null
iap buy $P.unlock_maps --finish >/dev/null
run refund-request 1 --reason UNINTENDED_PURCHASE --json
expect_status 0
expect_json 'd["transactions"][0]["refundRequest"]["status"], d["transactions"][0]["refundRequest"]["reason"]' "pending UNINTENDED_PURCHASE"
run refund-decline 1
expect_status 0
expect_out_has "refund declined (UNINTENDED_PURCHASE"
run refund-request 2 --reason LEGAL
expect_status 0
run refund 2
run entitlements
expect_out_lacks unlock_maps
run refund-reverse 2
expect_status 0
expect_out_has "refund reversed"
run entitlements
expect_out_has unlock_maps
run refund-reverse 2
expect_status 1
expect_err "error: transaction 2 is not refunded: only a granted refund can be reversed"
run refund-request 1 --reason MAYBE
expect_status 64
expect_same "$(types)" "ONE_TIME_CHARGE ONE_TIME_CHARGE CONSUMPTION_REQUEST REFUND_DECLINED REFUND REFUND_REVERSED" "notifications"
run history --json
expect_json 'd["transactions"][1]["refundRequest"]["status"], d["transactions"][1]["refundReversalDate"] is not None' "granted True"

scenario "price increase: pending, declined, expired with intent 3"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
run subscription price-increase $P.pro.monthly --price 12.99
expect_status 0
expect_out_has "price increase to 12.99 USD pending"
run subscription status --json
expect_json 'd["subscriptions"][0]["renewalInfo"]["priceIncreaseStatus"], d["subscriptions"][0]["renewalInfo"]["renewalPrice"]' "0 12990"
run subscription price-increase-consent $P.pro.monthly decline
expect_out_has "auto-renew off"
iap clock advance 1M >/dev/null
run subscription status --json
expect_json 'd["subscriptions"][0]["state"], d["subscriptions"][0]["expirationIntent"]' "expired 3"
expect_same "$(types)" "SUBSCRIBED/INITIAL_BUY PRICE_INCREASE/PENDING DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED EXPIRED/PRICE_INCREASE" "notifications"

scenario "price increase: accepted, renewed at the new price"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
iap subscription price-increase $P.pro.monthly --price 5.99 >/dev/null
run subscription price-increase-consent $P.pro.monthly accept
expect_status 0
iap clock advance 1M >/dev/null
run history --json
expect_json 'd["transactions"][-1]["id"]' "2"
run queue --json
expect_json '[t["id"] for t in d["transactions"]]' "['2']"
expect_same "$(iap notifications --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["notifications"][-1]["notificationType"])')" "DID_RENEW" "the renewal"

scenario "family sharing: shared with a member, revoked by a refund and by removal"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.unlock_maps --finish >/dev/null
iap buy $P.rocket_car --finish >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
run family add kid --json
expect_status 0
expect_json '[t["productId"].split(".")[-1] for t in d["transactions"]]' "['unlock_maps', 'monthly']"
run --account kid entitlements --json
expect_json '[t["inAppOwnershipType"] for t in d["transactions"]]' "['FAMILY_SHARED', 'FAMILY_SHARED']"
run family add kid
expect_status 1
iap refund 1 >/dev/null
run --account kid entitlements
expect_out_lacks unlock_maps
expect_out_has pro.monthly
run family remove kid
expect_status 0
run --account kid entitlements
expect_out ""
expect_same "$(types)" "ONE_TIME_CHARGE ONE_TIME_CHARGE SUBSCRIBED/INITIAL_BUY REFUND REVOKE REVOKE" "notifications"

scenario "Apple's library verifies every new notification type (Sandbox)"
if [ -z "$APPLE" ]; then
  missing_tool "Apple's App Store Server Library is not available"
else
  iap settings set environment Sandbox >/dev/null
  iap certificates root -o root.cer >/dev/null
  iap clock set 2026-01-15T10:00:00Z >/dev/null
  iap buy $P.coins_1000 --finish >/dev/null
  iap buy $P.unlock_maps --finish >/dev/null
  iap buy $P.pro.monthly --finish >/dev/null
  iap refund-request 1 --reason FULFILLMENT_ISSUE >/dev/null
  iap refund-decline 1 >/dev/null
  iap family add kid >/dev/null
  iap refund 2 --reason developerIssue >/dev/null
  iap refund-reverse 2 >/dev/null
  iap subscription price-increase $P.pro.monthly --price 12.99 >/dev/null
  iap subscription price-increase-consent $P.pro.monthly accept >/dev/null
  iap notifications --json | python3 -c 'import json,sys; [print(json.dumps({"signedPayload": n["signedPayload"]})) for n in json.load(sys.stdin)["notifications"]]' >bodies
  if "$APPLE" "$TOOLS/apple_verify.py" $P notification SANDBOX root.cer <bodies >decoded 2>apple.err; then ok; else not_ok "Apple's library rejected a notification: $(tail -3 apple.err)"; fi
  out=$(cat decoded)
  expect_same "$(python3 -c 'import json,sys; print(" ".join(json.loads(l)["type"] for l in open("decoded")))')" \
    "ONE_TIME_CHARGE ONE_TIME_CHARGE SUBSCRIBED CONSUMPTION_REQUEST REFUND_DECLINED REFUND REVOKE REFUND_REVERSED PRICE_INCREASE PRICE_INCREASE" "decoded types"
  expect_same "$(python3 -c 'import json; l=[json.loads(x) for x in open("decoded")]; print(l[6]["inAppOwnershipType"], l[6]["revocationDate"] is not None, l[8]["subtype"], l[8]["priceIncreaseStatus"], l[9]["priceIncreaseStatus"])')" \
    "FAMILY_SHARED True PENDING 0 1" "REVOKE and PRICE_INCREASE as Apple's library reads them"
  # revocationType (REFUND_FULL, FAMILY_REVOKE), the member's revocationReason the
  # purchaser's (Apple's revocationReason page), appTransactionId on every transaction.
  expect_same "$(python3 -c 'import json; l=[json.loads(x) for x in open("decoded")]; print(l[5]["revocationType"], l[5]["revocationReason"], l[6]["revocationType"], l[6]["revocationReason"], len(l[0]["appTransactionId"]))')" \
    "REFUND_FULL 1 FAMILY_REVOKE 1 15" "revocationType, the member's reason and appTransactionId"
  reason=$(python3 -c 'import json; print(json.loads(open("decoded").readlines()[3])["consumptionRequestReason"])')
  if [ "$reason" = None ]; then skip "this version of Apple's library does not read consumptionRequestReason"; else expect_same "$reason" FULFILLMENT_ISSUE "consumptionRequestReason"; fi
  # A prorated refund: REFUND_PRORATED with revocationPercentage in milliunits.
  solo=$(iap --account solo buy $P.pro.monthly --finish --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["transactions"][-1]["id"])')
  iap --account solo refund "$solo" --percentage 50 >/dev/null
  iap notifications --json | python3 -c 'import json,sys; print(json.dumps({"signedPayload": json.load(sys.stdin)["notifications"][-1]["signedPayload"]}))' >bodies
  if "$APPLE" "$TOOLS/apple_verify.py" $P notification SANDBOX root.cer <bodies >decoded 2>apple.err; then ok; else not_ok "Apple's library rejected a notification: $(tail -3 apple.err)"; fi
  expect_same "$(python3 -c 'import json; d=json.loads(open("decoded").read()); print(d["type"], d["revocationType"], d["revocationPercentage"])')" \
    "REFUND REFUND_PRORATED 50000" "a prorated refund as Apple's library reads it"
  # The member's share renews with a notification of its own (FAMILY_SHARED).
  iap clock advance 32d >/dev/null
  iap notifications --json | python3 -c 'import json,sys; [print(json.dumps({"signedPayload": n["signedPayload"]})) for n in json.load(sys.stdin)["notifications"][-2:]]' >bodies
  if "$APPLE" "$TOOLS/apple_verify.py" $P notification SANDBOX root.cer <bodies >decoded 2>apple.err; then ok; else not_ok "Apple's library rejected a notification: $(tail -3 apple.err)"; fi
  expect_same "$(python3 -c 'import json; print(" ".join(json.loads(x)["type"] + "/" + json.loads(x)["inAppOwnershipType"] for x in open("decoded")))')" \
    "DID_RENEW/PURCHASED DID_RENEW/FAMILY_SHARED" "the purchaser's renewal, then the member's"
  # A second increase without consent within the year is refused, naming why.
  run subscription price-increase $P.pro.monthly --price 13.49 --consent notRequired
  expect_status 0
  run subscription price-increase $P.pro.monthly --price 13.99 --consent notRequired
  expect_status 1
  expect_err_has "one increase a year"
fi

finish
