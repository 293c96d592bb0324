#!/usr/bin/env bash
# End-to-end tests of everything that goes wrong in a store: Ask to Buy, restricted
# payments, interrupted purchases, simulated errors, refunds, deletions, accounts, devices,
# reinstalls and entitlements. Each checks the state, text and --json output, the exit status,
# and that a refused action changed nothing.
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame

# unchanged FILE...: the state files are byte-identical to the copies taken by `snapshot`.
snapshot() { rm -rf ../snap && cp -r .iap ../snap; }
# The catalog cache is left out: any command may write it once the catalog has been unchanged
# for 2 s (a loaded machine gets there between two commands); it is derived, not state.
unchanged() { diff -r -x 'catalog-*.cache' ../snap .iap >/dev/null && ok || not_ok "a refused action changed the state"; }

scenario "settings show, set, persist and reset"
run settings
expect_status 0
expect_out_has "ask-to-buy                 off           (default)"
run settings set ask-to-buy on
expect_out "ask-to-buy  on  (set)"
run settings --json
expect_json 'd["settings"]["ask-to-buy"]' "{'value': 'on', 'source': 'set'}"
snapshot
run settings set ask-to-by off
expect_status 64
expect_err_has "unknown setting 'ask-to-by' (did you mean 'ask-to-buy'?)"
run settings set fail-purchase nonsense
expect_status 64
unchanged
run settings reset
expect_out_has "ask-to-buy                 off           (default)"

scenario "a catalog's settings are the defaults; reset goes back to them"
python3 - <<'PY'
import plistlib
d = plistlib.load(open("catalog.plist", "rb"))
d["settings"] = {"ask-to-buy": True, "fail-restore": "unknown", "storefront": "FRA"}
plistlib.dump(d, open("catalog.plist", "wb"))
PY
run settings --json
expect_json 'd["settings"]["ask-to-buy"], d["settings"]["fail-restore"]["value"], d["settings"]["storefront"]["source"]' "{'value': 'on', 'source': 'catalog'} unknown catalog"
run buy $P.rocket_car
expect_status 2
run settings set ask-to-buy off
run buy $P.coins_1000 --json
expect_status 0
expect_json 'd["transactions"][1]["state"]' purchased
run settings reset
run settings --json
expect_json 'd["settings"]["ask-to-buy"]["value"], d["settings"]["ask-to-buy"]["source"]' "on catalog"
run restore
expect_status 1

scenario "Ask to Buy: deferred, then approved at the next launch"
iap settings set ask-to-buy on >/dev/null
run buy $P.unlock_maps
expect_status 2
expect_out_has "#1  deferred    $P.unlock_maps"
expect_err_has "waiting for approval (Ask to Buy)"
run buy $P.rocket_car --json
expect_status 2
expect_json 'd["transactions"][1]["state"], "error" in d' "deferred False"
run queue --json
expect_json '[t["state"] for t in d["transactions"]]' "['deferred', 'deferred']"
snapshot
run finish 1
expect_status 1
expect_err "error: transaction 1 is deferred and cannot be finished: it is waiting for approval (Ask to Buy)"
unchanged
run approve 1
expect_status 0
expect_out_has "#1  purchased  $P.unlock_maps"
run queue --json
expect_json '[t["state"] for t in d["transactions"]]' "['purchased', 'deferred']"
snapshot
run approve 1
expect_status 1
expect_err "error: transaction 1 is purchased: only a deferred transaction can be approved"
run approve 1 --json
expect_json 'd["error"]["name"], d["error"]["exitCode"]' "wrongState 1"
unchanged
run decline 2 --json
expect_status 0
expect_json 'd["transactions"][0]["state"], d["transactions"][0]["error"]["name"]' "failed paymentCancelled"
run entitlements --json
expect_json '[t["productId"] for t in d["transactions"]]' "['$P.unlock_maps']"

scenario "can-make-payments off: restricted device"
run can-make-payments
expect_status 0
expect_out "yes"
iap settings set can-make-payments off >/dev/null
run can-make-payments --json
expect_status 1
expect_json 'd["canMakePayments"]' "False"
run buy $P.coins_1000
expect_status 1
expect_err_has "paymentNotAllowed (4)"

scenario "interrupted purchases fail with an issue until resolved"
iap settings set interrupted-purchases on >/dev/null
run buy $P.rocket_car --json
expect_status 1
expect_json 'd["transactions"][1]["state"], d["transactions"][1]["error"]["name"]' "failed paymentCancelled"
iap finish 1 >/dev/null
run queue
expect_out ""
run resolve 1
expect_status 0
expect_out_has "#2  purchased  $P.rocket_car"
run queue --json
expect_json '[(t["id"], t["state"]) for t in d["transactions"]]' "[('2', 'purchased')]"
snapshot
run resolve 1
expect_status 1
expect_err "error: transaction 1 is failed: it has no purchase issue to resolve"
run resolve 2
expect_status 1
expect_err "error: transaction 2 is purchased: it has no purchase issue to resolve"
unchanged

scenario "simulated StoreKit errors: load products, purchase, restore"
iap buy $P.rocket_car --finish >/dev/null
iap settings set fail-load-products cloudServiceNetworkConnectionFailed >/dev/null
run products fetch $P.rocket_car --json
expect_status 1
expect_json 'd["error"]["domain"], d["error"]["code"], d["error"]["name"]' "SKErrorDomain 7 cloudServiceNetworkConnectionFailed"
expect_err_has "request(_:didFailWithError:)"
iap settings set fail-purchase unknown >/dev/null
run buy $P.coins_1000
expect_status 1
expect_err_has "unknown (0): simulated failure"
iap settings reset fail-purchase >/dev/null
run buy $P.coins_1000 --fail 2 --json
expect_status 1
expect_json 'd["transactions"][1]["error"]["name"]' paymentCancelled
run buy $P.coins_1000 --finish
expect_status 0
iap settings set fail-restore 0 >/dev/null
snapshot
run restore
expect_status 1
expect_err_has "restoreCompletedTransactionsFailedWithError"
unchanged
iap settings reset >/dev/null
run restore
expect_status 0
expect_out_has "restore finished: 1 restored"

scenario "refunds revoke purchases and take entitlements away"
for id in rocket_car pro.monthly season_pass coins_1000; do iap buy "$P.$id" --finish >/dev/null; done
run entitlements --json
expect_json 'len(d["transactions"])' 3
run refund 1 --reason developerIssue --json
expect_status 0
expect_json 'd["transactions"][0]["revocationReason"], d["transactions"][0]["revocationDate"] is not None' "developerIssue True"
run refund 2
expect_out_has "refunded"
run entitlements --json
expect_json '[t["productId"] for t in d["transactions"]]' "['$P.season_pass']"
snapshot
run refund 1
expect_status 1
expect_err "error: transaction 1 is already refunded"
run refund 99
expect_status 1
run refund 1 --reason whatever
expect_status 64
unchanged
run restore
expect_out "restore finished: 0 restored"

scenario "delete removes a transaction with its restores; clear removes them all"
iap buy $P.rocket_car --finish >/dev/null
iap buy $P.unlock_maps --finish >/dev/null
iap restore >/dev/null
run delete 1 --json
expect_status 0
expect_json '[t["id"] for t in d["transactions"]]' "['1', '3']"
run history --json
expect_json '[t["id"] for t in d["transactions"]]' "['2', '4']"
run delete 1
expect_status 1
run clear
expect_status 0
run history
expect_out ""
run buy $P.rocket_car --json
expect_json 'd["transactions"][1]["id"], d["transactions"][1]["state"]' "5 purchased"

scenario "accounts never see each other's purchases"
iap buy $P.unlock_maps --finish --account alice >/dev/null
run history --account bob
expect_out ""
IAP_ACCOUNT=bob run restore
expect_out "restore finished: 0 restored"
IAP_ACCOUNT=bob run buy $P.unlock_maps --json
expect_json 'd["transactions"][1]["state"]' purchased
run entitlements --account alice --json
expect_json 'len(d["transactions"])' 1
run queue --account ""
expect_status 64

scenario "reinstall empties the device's queue; restore gives back durable purchases"
iap buy $P.unlock_maps --device phone >/dev/null
iap buy $P.coins_1000 --device phone >/dev/null
iap buy $P.pro.yearly --device phone --finish >/dev/null
iap buy $P.rocket_car --device tablet >/dev/null
run reinstall --device phone
expect_status 0
expect_out_has "2 unfinished transactions left the queue"
run queue --device phone
expect_out ""
run queue --device tablet --json
expect_json 'len(d["transactions"])' 1
run history --json
expect_json 'len(d["transactions"])' 4
run restore --device phone
expect_out_has "restored  $P.unlock_maps"
expect_out_has "restored  $P.pro.yearly"
expect_out_lacks "coins_1000"
expect_out_has "restore finished: 2 restored"

finish
