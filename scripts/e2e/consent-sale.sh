#!/usr/bin/env bash
# End-to-end tests of store-side features, driven as a user would: RESCIND_CONSENT (`iap
# consent rescind`), removal from sale, StoreKit messages and the simulated failures of the
# other StoreKit APIs. What Apple's App Store Server Library reads of them, and Finish
# Transaction with anyTransactionId lookups from its client, are in Tests/AppleLibraryTests.
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame
types() { iap notifications --json | python3 -c 'import json,sys; print(" ".join(n["notificationType"] + ("/" + n["subtype"] if n["subtype"] else "") for n in json.load(sys.stdin)["notifications"]))'; }

scenario "consent rescind: RESCIND_CONSENT with appData, the account unchanged"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.unlock_maps --finish >/dev/null
run consent rescind
expect_status 0
expect_out_has "RESCIND_CONSENT sent"
run entitlements
expect_out_has unlock_maps
expect_same "$(types)" "ONE_TIME_CHARGE RESCIND_CONSENT" "notifications"
run consent rescind --json
expect_json 'd["notificationType"], len(d["appTransactionId"])' "RESCIND_CONSENT 15"

scenario "removal from sale: no longer offered; a subscription expires PRODUCT_NOT_FOR_SALE"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
run products remove-from-sale $P.pro.monthly
expect_status 0
expect_out_has "expires at 2026-02-15T10:00:00Z (PRODUCT_NOT_FOR_SALE)"
run products fetch $P.pro.monthly --json
expect_json 'd["invalidProductIdentifiers"]' "['$P.pro.monthly']"
run --account other buy $P.pro.monthly
expect_status 1
expect_err_has "storeProductNotAvailable"
run products remove-from-sale $P.pro.monthly
expect_status 1
iap clock advance 1M >/dev/null
run subscription status --json
expect_json 'd["subscriptions"][0]["state"], d["subscriptions"][0]["expirationIntent"]' "expired 4"
expect_same "$(types)" "SUBSCRIBED/INITIAL_BUY EXPIRED/PRODUCT_NOT_FOR_SALE" "notifications"
run products restore-to-sale $P.pro.monthly
expect_status 0
run --account other buy $P.pro.monthly
expect_status 0
scenario "messages: a billing issue and a price increase, dismissed"
iap clock set 2026-01-15T10:00:00Z >/dev/null
run messages
expect_out "no messages"
iap buy $P.pro.monthly --finish >/dev/null
iap subscription price-increase $P.pro.monthly --price 12.99 >/dev/null
run messages --json
expect_json '[m["reason"] for m in d["messages"]]' "['priceIncreaseConsent']"
run messages dismiss
expect_out "dismissed 1 message"
run messages
expect_out "no messages"
iap --account late settings set billing-retry on >/dev/null
iap --account late buy $P.pro.monthly --finish >/dev/null
iap clock advance 32d >/dev/null
run --account late messages
expect_out_has "billingIssue"

scenario "simulated failures of the other StoreKit APIs"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.coins_1000 --finish >/dev/null
for pair in "fail-app-store-sync:restore --sync" "fail-subscription-status:subscription status" \
  "fail-app-transaction:app-transaction" "fail-refund-request:refund-request 1" \
  "fail-manage-subscriptions:subscription manage"; do
  setting=${pair%%:*}
  iap settings set "$setting" cloudServiceNetworkConnectionFailed >/dev/null
  # shellcheck disable=SC2086
  run ${pair#*:}
  expect_status 1
  expect_err_has "cloudServiceNetworkConnectionFailed"
  iap settings set "$setting" off >/dev/null
  # shellcheck disable=SC2086
  run ${pair#*:}
  expect_status 0
done
expect_same "$(types)" "ONE_TIME_CHARGE CONSUMPTION_REQUEST" "a failed refund request sent nothing"

finish
