#!/usr/bin/env bash
# End-to-end tests of the store-side features, driven as a user would: RESCIND_CONSENT
# (`iap consent rescind`), removal from sale, StoreKit messages, the simulated failures of
# the other StoreKit APIs, and Finish Transaction with anyTransactionId lookups from Apple's
# own client against `iap serve`. When Apple's App Store Server Library is at hand, every new
# signed value is verified with it in Sandbox and Production.
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame
TOOLS="$ROOT/scripts/e2e/tools"
APPLE=$(apple_python)
types() { iap notifications --json | python3 -c 'import json,sys; print(" ".join(n["notificationType"] + ("/" + n["subtype"] if n["subtype"] else "") for n in json.load(sys.stdin)["notifications"]))'; }
last_body() { iap notifications --json | python3 -c 'import json,sys; print(json.dumps({"signedPayload": json.load(sys.stdin)["notifications"][-1]["signedPayload"]}))'; }

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

scenario "Apple's library verifies RESCIND_CONSENT and its app transaction (Sandbox, Production)"
if [ -z "$APPLE" ]; then
  missing_tool "Apple's App Store Server Library is not available"
else
  iap certificates root -o root.cer >/dev/null
  iap settings set environment Sandbox >/dev/null
  iap buy $P.unlock_maps --finish >/dev/null
  iap consent rescind >/dev/null
  last_body >bodies
  if "$APPLE" "$TOOLS/apple_app_data.py" consent $P SANDBOX root.cer <bodies >decoded 2>apple.err; then ok; else not_ok "Apple's library rejected RESCIND_CONSENT: $(tail -3 apple.err)"; fi
  app_id=$(iap app-transaction --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["appTransactionId"])')
  out=$(cat decoded)
  expect_json 'd["type"], d["hasData"], d["bundleId"], d["environment"], d["appTransactionId"], d["appBundleId"]' \
    "RESCIND_CONSENT False $P Sandbox $app_id $P"
  iap settings set app-apple-id 1234567890 >/dev/null
  iap settings set environment Production >/dev/null
  iap consent rescind >/dev/null
  last_body >bodies
  if "$APPLE" "$TOOLS/apple_app_data.py" consent $P PRODUCTION root.cer 1234567890 <bodies >decoded 2>apple.err; then ok; else not_ok "Apple's library rejected RESCIND_CONSENT in Production: $(tail -3 apple.err)"; fi
  out=$(cat decoded)
  expect_json 'd["environment"], d["appAppleId"]' "Production 1234567890"
fi

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
if [ -n "$APPLE" ]; then
  iap settings set environment Sandbox >/dev/null
  iap certificates root -o root.cer >/dev/null
  iap notifications --json | python3 -c 'import json,sys; print(json.dumps({"signedPayload": json.load(sys.stdin)["notifications"][1]["signedPayload"]}))' >bodies
  if "$APPLE" "$TOOLS/apple_verify.py" $P notification SANDBOX root.cer <bodies >decoded 2>apple.err; then ok; else not_ok "Apple's library rejected EXPIRED: $(tail -3 apple.err)"; fi
  out=$(cat decoded)
  expect_json 'd["type"], d["subtype"], d["expirationIntent"]' "EXPIRED PRODUCT_NOT_FOR_SALE 4"
fi

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

scenario "Apple's client: Finish Transaction, and lookups by appTransactionId"
if [ -z "$APPLE" ]; then
  missing_tool "Apple's App Store Server Library is not available"
else
  iap settings set environment Sandbox >/dev/null
  iap clock set 2026-01-15T10:00:00Z >/dev/null
  iap keys create -o key.p8 --json >key.json 2>/dev/null
  iap certificates root -o root.cer >/dev/null
  iap buy $P.pro.monthly --finish >/dev/null
  iap buy $P.coins_1000 >/dev/null
  start_server
  key_id=$(python3 -c 'import json; print(json.load(open("key.json"))["keyId"])')
  issuer=$(python3 -c 'import json; print(json.load(open("key.json"))["issuerId"])')
  "$APPLE" "$TOOLS/apple_app_data.py" server "$url" key.p8 "$key_id" "$issuer" $P SANDBOX root.cer 2 >calls 2>client.err && ok ||
    not_ok "Apple's client failed: $(tail -n 5 client.err)"
  out=$(grep '"finish"' calls); expect_json 'd["result"]' "finished"
  out=$(grep '"finish-again"' calls); expect_json 'd["result"]' "finished"
  out=$(grep '"finish-missing"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "404 4040010"
  out=$(grep '"finish-app-id"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "400 4000048"
  out=$(grep '"info-app-id"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "400 4000048"
  out=$(grep '"app-info-app-id"' calls); expect_json 'd["result"]' "True"
  out=$(grep '"history-app-id"' calls); expect_json 'd["result"]' "['$P.coins_1000', '$P.pro.monthly']"
  out=$(grep '"statuses-app-id"' calls); expect_json 'd["result"]' "['pro']"
  run queue --json
  expect_json 'len(d["transactions"])' "0"
fi

finish
