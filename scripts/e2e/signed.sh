#!/usr/bin/env bash
# End-to-end tests of what the store signs: the app receipt and verifyReceipt's answers, and
# golden runs. What Apple's App Store Server Library reads (signed transactions, notifications
# delivered to a local server) is checked in Tests/AppleLibraryTests.
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame

scenario "a consumable stays in the receipt until finished, and leaves at the next update"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.coins_1000 >/dev/null
iap buy $P.unlock_maps --finish >/dev/null
run receipt
expect_status 0
expect_json 'd["bundle_id"], sorted(i["product_id"] for i in d["in_app"])' "$P ['$P.coins_1000', '$P.unlock_maps']"
expect_json 'd["in_app"][0]["purchase_date"], d["in_app"][0]["purchase_date_ms"], d["in_app"][0]["purchase_date_pst"]' "2026-01-15 10:00:00 Etc/GMT 1768471200000 2026-01-15 02:00:00 America/Los_Angeles"
iap finish 1 >/dev/null
run receipt
expect_json 'sorted(i["product_id"] for i in d["in_app"])' "['$P.coins_1000', '$P.unlock_maps']"
run receipt refresh
expect_json 'sorted(i["product_id"] for i in d["in_app"])' "['$P.unlock_maps']"
iap buy $P.extra_lives --finish >/dev/null
run receipt
expect_json 'sorted(i["product_id"] for i in d["in_app"])' "['$P.extra_lives', '$P.unlock_maps']"
iap buy $P.rocket_car >/dev/null
run receipt
expect_json 'sorted(i["product_id"] for i in d["in_app"])' "['$P.rocket_car', '$P.unlock_maps']"

scenario "verifyReceipt's status codes, and production first, sandbox on 21007"
python3 - <<'PY'
import plistlib
d = plistlib.load(open("catalog.plist", "rb"))
d["sharedSecret"] = "s3cr3t"
plistlib.dump(d, open("catalog.plist", "wb"))
PY
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
iap receipt --base64 >receipt.b64
run receipt verify --data receipt.b64 --password s3cr3t --endpoint production
expect_status 1
expect_json 'd["status"]' 21007
run receipt verify --data receipt.b64 --password s3cr3t --endpoint sandbox
expect_status 0
expect_json 'd["status"], d["environment"], d["receipt"]["in_app"][0]["product_id"]' "0 Sandbox $P.pro.monthly"
expect_json '[(i["product_id"], i["subscription_group_identifier"]) for i in d["latest_receipt_info"]]' "[('$P.pro.monthly', 'pro')]"
expect_json 'd["pending_renewal_info"][0]["auto_renew_status"], d["pending_renewal_info"][0]["original_transaction_id"]' "1 1"
run receipt verify --data receipt.b64 --password wrong
expect_json 'd["status"]' 21004
run receipt verify --data receipt.b64
expect_json 'd["status"]' 21004
echo "not base64 at all!" >junk.b64
run receipt verify --data - --password s3cr3t <junk.b64
expect_json 'd["status"]' 21002
python3 - <<'PY'
import base64, json
token = base64.b64decode(open("receipt.b64").read()).decode()
header, payload, signature = token.split(".")
claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
claims["receipt"]["in_app"][0]["expires_date_ms"] = "9999999999999"
forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
open("forged.b64", "w").write(base64.b64encode(".".join([header, forged, signature]).encode()).decode())
PY
run receipt verify --data forged.b64 --password s3cr3t
expect_status 1
expect_json 'd["status"]' 21003
# A later verify of the old receipt data sees the latest state in latest_receipt_info.
iap clock advance 1M >/dev/null
run receipt verify --data receipt.b64 --password s3cr3t
expect_json 'len(d["receipt"]["in_app"]), len(d["latest_receipt_info"])' "1 2"
run receipt verify --data missing.b64
expect_status 66

scenario "golden runs: the same scenario twice gives byte-identical --json output"
golden() {
  rm -rf .iap
  export IAP_SIGNING_SECRET=golden-secret
  iap clock set 2026-03-01T09:30:00Z --json
  iap buy $P.pro.monthly --json
  iap buy $P.extra_lives --quantity 2 --finish --json
  iap clock advance 3M --json
  iap queue --json
  iap refund 2 --json
  iap notifications --json
  iap receipt
  iap receipt --base64
  unset IAP_SIGNING_SECRET
}
golden >first.json 2>&1
golden >second.json 2>&1
cmp -s first.json second.json && ok || not_ok "two runs differ: $(diff first.json second.json | head -5)"
grep -q '"jwsRepresentation"' first.json && ok || not_ok "golden output has no signed transactions"
signed_with() { IAP_SIGNING_SECRET=$1 iap queue --json; }
[ "$(signed_with golden-secret)" != "$(signed_with other-secret)" ] && ok || not_ok "the signing secret does not change the signatures"

finish
