#!/usr/bin/env bash
# End-to-end tests of Xcode .storekit files as catalogs: every file of the test fixtures
# (Tests/Fixtures/storekit: required, a failure when absent) imports, lists, sells, converts
# and lints; catalog convert and catalog lint
# behave from the shell, with their exit codes.
source "$(dirname "$0")/lib.sh"

# A small .storekit file written for these tests: one consumable, one subscription with a
# free trial, and settings.
write_shop() {
  cat >"$1" <<'JSON'
{
  "identifier" : "E2E00001",
  "nonRenewingSubscriptions" : [

  ],
  "products" : [
    {
      "displayPrice" : "0.99",
      "familyShareable" : false,
      "internalID" : "1",
      "localizations" : [
        {
          "description" : "A handful of coins.",
          "displayName" : "Coins",
          "locale" : "en_US"
        }
      ],
      "productID" : "com.e2e.coins",
      "referenceName" : "Coins",
      "type" : "Consumable"
    }
  ],
  "settings" : {
    "_askToBuyEnabled" : true,
    "_locale" : "en_US",
    "_storefront" : "USA",
    "_timeRate" : 1004
  },
  "subscriptionGroups" : [
    {
      "id" : "G1",
      "localizations" : [

      ],
      "name" : "Plus",
      "subscriptions" : [
        {
          "adHocOffers" : [

          ],
          "codeOffers" : [

          ],
          "displayPrice" : "2.99",
          "familyShareable" : false,
          "groupNumber" : 1,
          "internalID" : "2",
          "introductoryOffer" : {
            "internalID" : "3",
            "numberOfPeriods" : 1,
            "paymentMode" : "free",
            "subscriptionPeriod" : "P1W"
          },
          "localizations" : [
            {
              "description" : "Everything, monthly.",
              "displayName" : "Plus",
              "locale" : "en_US"
            }
          ],
          "productID" : "com.e2e.plus",
          "recurringSubscriptionPeriod" : "P1M",
          "referenceName" : "Plus",
          "subscriptionGroupID" : "G1",
          "type" : "RecurringSubscription"
        }
      ]
    }
  ],
  "version" : {
    "major" : 4,
    "minor" : 0
  }
}
JSON
}

current="the .storekit files of the test fixtures"
fixtures=("$FIXTURES"/storekit/*.storekit)
if need_fixture "$FIXTURES/storekit" && need_fixture "${fixtures[0]}"; then
  for fixture in "${fixtures[@]}"; do
    name=$(basename "$fixture")
    scenario "$name imports, lists, sells, converts and lints"
    cp "$fixture" "$name"
    run catalog lint "$name"
    expect_status 0
    expect_out_has "$name: 0 errors, "
    run products list --catalog "$name" --json
    expect_status 0
    expect_json 'len(d["products"]) > 0' "True"
    listed=$out
    id=$(json 'd["products"][0]["id"]')
    run buy "$id" --catalog "$name" --json
    expect_status 0
    expect_json 'd["transactions"][-1]["productId"], d["transactions"][-1]["state"]' "$id purchased"
    run queue --catalog "$name"
    expect_out_has "#1  purchased  $id"
    run catalog convert "$name" -o converted.plist
    expect_status 0
    expect_out_has "wrote converted.plist: "
    run catalog lint converted.plist
    expect_out "converted.plist: 0 errors, 0 warnings"
    run products list --catalog converted.plist --json
    expect_same "$out" "$listed" "products of the converted plist"
    cmp -s "$fixture" "$name" && ok || not_ok "the input was changed"
  done
fi

scenario "a .storekit file is found by content, whatever its name"
write_shop catalog.plist
run products list
expect_status 0
expect_out_has "com.e2e.coins  consumable     \$0.99"
expect_out_has "com.e2e.plus   autoRenewable  \$2.99"
write_shop shop.json
IAP_CATALOG=shop.json run buy com.e2e.plus --json
# The file's settings turn Ask to Buy on: the purchase waits for approval.
expect_status 2
expect_json 'd["transactions"][-1]["state"]' deferred
IAP_CATALOG=shop.json run approve 1 --json
expect_status 0
expect_json 'd["transactions"][-1]["expirationDate"] > d["transactions"][-1]["purchaseDate"]' "True"

scenario "catalog convert writes a plist with settings and offers"
write_shop Shop.storekit
run catalog convert Shop.storekit
expect_status 0
expect_err ""
printf '%s\n' "$out" >stdout.plist
python3 - <<'PY' && ok || not_ok "the converted plist is not what was expected"
import plistlib
d = plistlib.load(open("stdout.plist", "rb"))
assert d["settings"] == {"storefront": "USA", "locale": "en_US", "time-rate": "oneRenewalEveryTenSeconds", "ask-to-buy": True}, d["settings"]
plus = d["products"][1]
assert plus["introductoryOffer"] == {"paymentMode": "free", "period": "P1W", "numberOfPeriods": 1}, plus
assert plus["price"] == "2.99" and plus["subscriptionGroup"] == "Plus" and plus["subscriptionPeriod"] == "P1M"
PY
run catalog convert Shop.storekit --output out.plist --json
expect_json 'd["output"], d["products"], d["settings"]' "out.plist 2 4"
cmp -s out.plist stdout.plist && ok || not_ok "-o and stdout differ"
expect_same "$(ls -a | grep -c '\.tmp$')" 0 "temporary files left"

scenario "catalog convert refuses to write over its input"
write_shop Shop.storekit
cp Shop.storekit before
run catalog convert Shop.storekit -o Shop.storekit
expect_status 64
expect_err_has "names the file being converted"
ln -s Shop.storekit link.storekit
run catalog convert link.storekit -o Shop.storekit
expect_status 64
cmp -s before Shop.storekit && ok || not_ok "the input was overwritten"

scenario "catalog convert and lint exit codes"
run catalog convert missing.storekit
expect_status 66
expect_err "error: file not found: missing.storekit"
printf '{ "products" : [ { "productID" : "x", "type" : "Gift", "displayPrice" : "1" } ] }' >bad.storekit
run catalog convert bad.storekit -o out.plist
expect_status 65
expect_err_has 'error: bad.storekit: products[0] (x): type: expected Consumable or NonConsumable, got "Gift"'
[ ! -e out.plist ] && ok || not_ok "a failed conversion wrote its output"
run catalog lint bad.storekit
expect_status 65
expect_out "bad.storekit: 1 error, 2 warnings"
expect_err_has "warning: bad.storekit: version: missing; reading as version 5"
run catalog lint bad.storekit --json
expect_status 65
expect_json 'len(d["errors"]), len(d["warnings"])' "1 2"
run catalog lint
expect_status 0
expect_out "catalog.plist: 0 errors, 0 warnings"
run catalog convert catalog.plist -o /nonexistent/dir/out.plist
expect_status 74
expect_err_has "error: cannot write /nonexistent/dir/out.plist: "
run catalog lint -o x
expect_status 64

finish
