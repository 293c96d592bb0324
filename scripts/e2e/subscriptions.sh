#!/usr/bin/env bash
# End-to-end tests of auto-renewable subscriptions on the simulated clock:
# renewals, cancel and expiry, renewal limit, billing retry with and without grace, upgrade
# and downgrade, forced expiry and renewal, time rates.
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame

scenario "the clock is simulated, persistent and refuses to go back"
run clock
expect_status 0
expect_out_has "(real)"
run clock set 2026-01-15T10:00:00Z
expect_out "2026-01-15T10:00:00Z (simulated)"
run clock advance 90s
expect_out "2026-01-15T10:01:30Z (simulated)"
run clock advance P1M --json
expect_json 'd["now"], d["mode"]' "2026-02-15T10:01:30Z simulated"
run clock advance 1d12h
expect_out "2026-02-16T22:01:30Z (simulated)"
run buy $P.coins_1000 --json
expect_json 'd["transactions"][1]["purchaseDate"]' "2026-02-16T22:01:30Z"
run clock set 2026-01-01
expect_status 64
expect_err_has "the clock cannot go back"
run clock advance soon
expect_status 64
expect_err_has "invalid duration 'soon'"
run clock real
expect_out_has "(real)"

scenario "a year of a monthly subscription in one clock advance"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
run clock advance 1y
expect_status 0
run queue --json
expect_json 'len(d["transactions"])' 12
expect_json '{t["originalId"] for t in d["transactions"]}' "{'1'}"
expect_json 'd["transactions"][0]["purchaseDate"], d["transactions"][11]["expirationDate"]' "2026-02-15T10:00:00Z 2027-02-15T10:00:00Z"
run subscription status $P.pro.monthly --json
expect_json 'd["subscriptions"][0]["state"], d["subscriptions"][0]["renewals"], d["subscriptions"][0]["autoRenewStatus"]' "subscribed 12 True"
run entitlements --json
expect_json '[t["id"] for t in d["transactions"]]' "['13']"

scenario "cancel, then expiry at the end of the period"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
run subscription cancel $P.pro.monthly
expect_out_has "subscribed  auto-renew off"
iap clock advance 30d >/dev/null
run subscription status $P.pro.monthly
expect_out_has "subscribed"
iap clock advance 2d >/dev/null
run subscription status $P.pro.monthly --json
expect_json 'd["subscriptions"][0]["state"], d["subscriptions"][0]["expirationIntent"]' "expired 1"
run entitlements
expect_out ""
run queue
expect_out ""
run subscription resume $P.pro.monthly
expect_status 1
expect_err_has "is expired: only an active subscription can be resumed"
run buy $P.pro.monthly --json
expect_json 'd["transactions"][1]["state"], d["transactions"][1]["originalId"]' "purchased 1"

scenario "the renewal limit cancels after that many renewals"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap settings set renewal-limit 12 >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
iap clock advance 2y >/dev/null
run subscription status --json
expect_json 'd["subscriptions"][0]["renewals"], d["subscriptions"][0]["state"], d["subscriptions"][0]["autoRenewStatus"]' "12 expired False"

scenario "billing retry without grace: access lost, resolve recovers it"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap settings set billing-retry on >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
iap clock advance 1M >/dev/null
run subscription status --json
expect_json 'd["subscriptions"][0]["state"]' inBillingRetryPeriod
run entitlements
expect_out ""
iap clock advance 3d >/dev/null
run resolve 1 --json
expect_status 0
expect_json 'd["transactions"][0]["purchaseDate"], d["transactions"][0]["expirationDate"]' "2026-02-18T10:00:00Z 2026-03-18T10:00:00Z"
run subscription status --json
expect_json 'd["subscriptions"][0]["state"]' subscribed
run resolve 1
expect_status 1
expect_err_has "it has no billing issue to resolve"

scenario "billing retry with grace: access kept, then retry, then expiry"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap settings set billing-retry on >/dev/null
iap settings set grace-period on >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
iap clock advance 1M >/dev/null
run subscription status --json
expect_json 'd["subscriptions"][0]["state"], d["subscriptions"][0]["gracePeriodExpiresDate"]' "inGracePeriod 2026-03-03T10:00:00Z"
run entitlements --json
expect_json 'len(d["transactions"])' 1
iap clock advance 20d >/dev/null
run subscription status --json
expect_json 'd["subscriptions"][0]["state"]' inBillingRetryPeriod
iap clock advance 2M >/dev/null
run subscription status --json
expect_json 'd["subscriptions"][0]["state"], d["subscriptions"][0]["expirationIntent"]' "expired 2"

scenario "upgrade at once, downgrade at the next renewal"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
run buy $P.pro.yearly --json
expect_status 0
expect_json 'd["transactions"][1]["state"], d["transactions"][1]["originalId"]' "purchased 1"
run entitlements --json
expect_json '[t["productId"] for t in d["transactions"]]' "['$P.pro.yearly']"
iap finish --all >/dev/null
run buy $P.pro.monthly --json
expect_json 'd["transactions"][1]["state"], d["transactions"][1]["productId"]' "restored $P.pro.yearly"
run subscription status --json
expect_json 'd["subscriptions"][0]["productId"], d["subscriptions"][0]["autoRenewProductId"]' "$P.pro.yearly $P.pro.monthly"
iap clock advance 1y >/dev/null
run entitlements --json
expect_json '[t["productId"] for t in d["transactions"]]' "['$P.pro.monthly']"

scenario "expire and renew act at once; non-renewing never renews"
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
iap buy $P.season_pass --finish >/dev/null
run subscription renew $P.pro.monthly
expect_status 0
expect_out_has "renewals 1"
run subscription expire $P.pro.monthly --json
expect_json 'd["subscriptions"][0]["state"], d["subscriptions"][0]["expirationDate"]' "expired 2026-01-15T10:00:00Z"
expect_json 'd["subscriptions"][0]["autoRenewStatus"]' "False"  # not left on once expired
iap clock advance 5y >/dev/null
run entitlements --json
expect_json '[(t["productId"], t["expirationDate"]) for t in d["transactions"]]' "[('$P.season_pass', None)]"
run subscription status $P.season_pass
expect_status 1
expect_err "error: no subscription to '$P.season_pass' on this account"

scenario "an introductory offer: the first subscription in a group gets it, on the clock"
python3 - <<'PY'
import plistlib
d = plistlib.load(open("catalog.plist", "rb"))
for p in d["products"]:
    if p["id"].endswith("pro.monthly"):
        p["introductoryOffer"] = {"paymentMode": "free", "period": "P2W", "numberOfPeriods": 1}
plistlib.dump(d, open("catalog.plist", "wb"))
PY
iap clock set 2026-01-15T10:00:00Z >/dev/null
run buy $P.pro.monthly --finish --json
expect_json 'd["transactions"][1]["expirationDate"]' "2026-01-29T10:00:00Z"
expect_json '__import__("json").loads(__import__("base64").urlsafe_b64decode(d["transactions"][1]["jwsRepresentation"].split(".")[1] + "==").decode())["offerDiscountType"]' FREE_TRIAL
run receipt
expect_json 'd["in_app"][0]["is_trial_period"], d["in_app"][0]["is_in_intro_offer_period"]' "true false"
iap clock advance 2w >/dev/null
run queue --json
expect_json 'd["transactions"][0]["purchaseDate"], d["transactions"][0]["expirationDate"]' "2026-01-29T10:00:00Z 2026-02-28T10:00:00Z"
run receipt
expect_json '[i["is_trial_period"] for i in d["in_app"]]' "['true', 'false']"
run products list --json
expect_json '[p["introductoryOffer"] for p in d["products"] if p["id"].endswith("pro.monthly")][0]' "{'paymentMode': 'free', 'period': 'P2W', 'numberOfPeriods': 1, 'price': None}"

scenario "time rates compress periods while the clock is real"
iap settings set time-rate monthlyRenewalEveryFiveMinutes >/dev/null
run buy $P.pro.monthly --json
expect_json '__import__("datetime").datetime.fromisoformat(d["transactions"][1]["expirationDate"].replace("Z","+00:00")) - __import__("datetime").datetime.fromisoformat(d["transactions"][1]["purchaseDate"].replace("Z","+00:00"))' "0:05:00"
run settings set time-rate 1004
expect_out_has "time-rate  oneRenewalEveryTenSeconds  (set)"
run settings set time-rate everySecond
expect_status 64

finish
