#!/usr/bin/env bash
# End-to-end tests of the lifecycle commands: refund requests, declines and reversals, price
# increases and Family Sharing, driven as a user would, checked in `notifications --json`
# (each new notification type as Apple's App Store Server Library reads it: Tests/AppleLibraryTests).
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame
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

finish
