#!/usr/bin/env bash
# End-to-end checks, with Apple's App Store Server Library, of the signed values that
# RESCIND_CONSENT, removal from sale and Finish Transaction produce: verified in Sandbox and
# Production, and Apple's own client against `iap serve` (Finish Transaction, lookups by
# appTransactionId). The store behaviour itself is tested in Swift (ConsentSaleScenarioTests).
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame
TOOLS="$ROOT/scripts/e2e/tools"
APPLE=$(apple_python)
last_body() { iap notifications --json | python3 -c 'import json,sys; print(json.dumps({"signedPayload": json.load(sys.stdin)["notifications"][-1]["signedPayload"]}))'; }

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

scenario "Apple's library verifies EXPIRED/PRODUCT_NOT_FOR_SALE (Sandbox)"
if [ -z "$APPLE" ]; then
  missing_tool "Apple's App Store Server Library is not available"
else
  iap clock set 2026-01-15T10:00:00Z >/dev/null
  iap buy $P.pro.monthly --finish >/dev/null
  iap products remove-from-sale $P.pro.monthly >/dev/null
  iap clock advance 1M >/dev/null
  iap settings set environment Sandbox >/dev/null
  iap certificates root -o root.cer >/dev/null
  iap notifications --json | python3 -c 'import json,sys; print(json.dumps({"signedPayload": json.load(sys.stdin)["notifications"][1]["signedPayload"]}))' >bodies
  if "$APPLE" "$TOOLS/apple_verify.py" $P notification SANDBOX root.cer <bodies >decoded 2>apple.err; then ok; else not_ok "Apple's library rejected EXPIRED: $(tail -3 apple.err)"; fi
  out=$(cat decoded)
  expect_json 'd["type"], d["subtype"], d["expirationIntent"]' "EXPIRED PRODUCT_NOT_FOR_SALE 4"
fi

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
