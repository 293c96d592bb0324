#!/usr/bin/env bash
# End-to-end tests of the core store: the catalog, products, the payment queue
# that survives relaunch, finish, restore, history, reset, and every error path.
source "$(dirname "$0")/lib.sh"

scenario "products list on the bundled catalog"
run products list
expect_status 0
expect_out_has "com.example.fakegame.extra_lives  consumable     \$0.99"
expect_out_has "Keep playing after a fall: five more lives."
run products list --locale fr_FR
# The locale formats (a no-break space before the symbol); the storefront (USA) keeps dollars.
expect_out_has $'0,99\xc2\xa0$US   5 vies supplémentaires'
iap settings set storefront FRA >/dev/null
run products list --locale fr_FR
expect_out_has $'0,99\xc2\xa0€   5 vies supplémentaires'  # the storefront sets the currency
iap settings reset storefront >/dev/null
run --json products list
expect_json 'len(d["products"])' 8
expect_json 'sorted(d["products"][0].keys())' "['clearedForSale', 'currency', 'description', 'displayPrice', 'familyShareable', 'groupLevel', 'id', 'introductoryOffer', 'locale', 'price', 'promotionalOffers', 'subscriptionGroup', 'subscriptionPeriod', 'title', 'type', 'winBackOffers']"
expect_json 'd["products"][6]["price"], d["products"][6]["displayPrice"]' "39.99 \$39.99"

scenario "a binary catalog reads like the XML one"
python3 -c "import plistlib; d=plistlib.load(open('catalog.plist','rb')); plistlib.dump(d, open('bin.plist','wb'), fmt=plistlib.FMT_BINARY)"
run products list --catalog bin.plist
expect_status 0
expect_out_has "com.example.fakegame.pro.yearly   autoRenewable  \$39.99"

scenario "products fetch answers valid and invalid identifiers"
run products fetch com.example.fakegame.rocket_car com.example.nope com.example.fakegame.superpowers --json
expect_status 0
expect_json '[p["id"] for p in d["products"]]' "['com.example.fakegame.rocket_car']"
expect_json 'd["invalidProductIdentifiers"]' "['com.example.nope', 'com.example.fakegame.superpowers']"
for f in root-array.plist item-dictionary.plist split-doctype.plist; do
  need_fixture "$FIXTURES/product-ids/$f" || continue
  run products fetch --ids-from "$FIXTURES/product-ids/$f" --json
  expect_status 0
  if [ "$f" = item-dictionary.plist ]; then
    expect_json 'd["invalidProductIdentifiers"]' "['com.example.other.yearly_pass', 'com.example.other.monthly_pass']"
  else
    expect_json 'len(d["products"])' 1
  fi
done

scenario "a purchase survives relaunch until it is finished"
run buy com.example.fakegame.rocket_car
expect_status 0
expect_out_has "purchasing  com.example.fakegame.rocket_car"
expect_out_has "purchased   com.example.fakegame.rocket_car"
run queue
expect_out_has "#1  purchased  com.example.fakegame.rocket_car"
run queue --json
expect_json 'd["transactions"][0]["id"], d["transactions"][0]["state"]' "1 purchased"
run queue
expect_out_has "#1  purchased"
run finish 1
expect_status 0
expect_out_has "#1  purchased  com.example.fakegame.rocket_car"
run queue
expect_out ""
run history
expect_out_has "finished"

scenario "transactions have exactly the documented JSON keys"
run buy com.example.fakegame.extra_lives --quantity 3 --username player-42 --json
expect_status 0
expect_json 'list(d["transactions"][1].keys())' "['id', 'originalId', 'productId', 'productType', 'state', 'quantity', 'purchaseDate', 'originalPurchaseDate', 'expirationDate', 'revocationDate', 'revocationReason', 'applicationUsername', 'error', 'orderId', 'refundRequest', 'refundReversalDate', 'inAppOwnershipType', 'offer', 'jwsRepresentation']"
expect_json 'd["transactions"][1]["quantity"], d["transactions"][1]["applicationUsername"]' "3 player-42"
run buy com.example.fakegame.pro.monthly --json
expect_json 'd["transactions"][1]["expirationDate"] > d["transactions"][1]["purchaseDate"]' "True"

scenario "buying an owned non-consumable restores it without a charge"
run buy com.example.fakegame.unlock_maps --finish
run buy com.example.fakegame.unlock_maps --json
expect_status 0
expect_json 'd["transactions"][1]["state"], d["transactions"][1]["originalId"], d["transactions"][1]["id"]' "restored 1 2"

scenario "restore gives back non-consumables and subscriptions, never consumables"
for id in extra_lives unlock_maps season_pass pro.monthly coins_1000; do iap buy "com.example.fakegame.$id" --finish >/dev/null; done
run restore
expect_status 0
expect_out_has "restored  com.example.fakegame.unlock_maps"
expect_out_has "restored  com.example.fakegame.pro.monthly"
expect_out_lacks "extra_lives"
expect_out_lacks "season_pass"
expect_out_has "restore finished: 2 restored"
run queue --json
expect_json '[(t["state"], t["originalId"]) for t in d["transactions"]]' "[('restored', '2'), ('restored', '4')]"
run restore --json
expect_json 'd["restored"]' 2

scenario "failed purchases are queued transactions with SKError codes"
run buy com.example.fakegame.rockt_car
expect_status 1
expect_err "error: purchase failed: storeProductNotAvailable (5): product 'com.example.fakegame.rockt_car' is not in the catalog (did you mean 'com.example.fakegame.rocket_car'?)"
run buy com.example.fakegame.superpowers --json
expect_status 1
expect_json 'd["transactions"][1]["error"]["code"], d["error"]["name"]' "5 storeProductNotAvailable"
run buy com.example.fakegame.rocket_car --quantity 2
expect_status 1
expect_err_has "paymentInvalid (3)"
run buy com.example.fakegame.extra_lives --quantity 11
expect_status 1
run queue --json
expect_json 'len(d["transactions"])' 4
run finish --all
expect_status 0
run finish --all
expect_status 1
expect_err "error: nothing to finish: the payment queue is empty"

scenario "usage errors exit 64 with a reason and a hint"
run buy com.example.fakegame.extra_lives --quantiy 2
expect_status 64
expect_err_has "error: unknown option '--quantiy' (did you mean '--quantity'?)"
expect_err_has "See 'iap buy --help' for more information."
run prodcts list
expect_status 64
expect_err_has "did you mean 'products'?"
run buy com.example.fakegame.extra_lives --quantity lots
expect_status 64
run finish
expect_status 64
run --help
expect_status 0
expect_out_has "SUBCOMMANDS:"
run --version
expect_out_has "iap "
[ ! -e .iap ] && ok || not_ok "a usage error created state"

scenario "finish refuses unknown and finished ids and changes nothing"
iap buy com.example.fakegame.extra_lives >/dev/null
iap buy com.example.fakegame.coins_1000 --finish >/dev/null
cp .iap/transactions.log before.log
run finish 1 2
expect_status 1
expect_err "error: transaction 2 is not in the payment queue: it is already finished"
run finish 1 99
expect_status 1
expect_err "error: unknown transaction '99'"
cmp -s before.log .iap/transactions.log && ok || not_ok "a refused finish changed the log"
run queue
expect_out_has "#1  purchased  com.example.fakegame.extra_lives"

scenario "catalog problems: missing is 66, invalid is 65 with every problem"
run products list --catalog nowhere.plist
expect_status 66
expect_err "error: catalog not found: nowhere.plist (use --catalog PATH or IAP_CATALOG)"
sed -e 's#<string>0.99</string>#<string>abc</string>#' -e 's#<string>nonRenewing</string>#<string>seasonal</string>#' catalog.plist >bad.plist
run products list --catalog bad.plist
expect_status 65
expect_err_has 'bad.plist: products[0] (com.example.fakegame.extra_lives): price: expected a decimal number ≥ 0, got "abc"'
expect_err_has 'bad.plist: products[7] (com.example.fakegame.season_pass): type: expected one of consumable, nonConsumable, autoRenewable, nonRenewing, got "seasonal"'
head -c 100 /dev/urandom >garbage.plist
run buy x --catalog garbage.plist
expect_status 65
IAP_CATALOG=nowhere.plist run products list
expect_status 66

scenario "a state that cannot be parsed is 74 and never overwritten"
iap buy com.example.fakegame.rocket_car >/dev/null
printf '{"format":1,' >.iap/store.json
cp .iap/store.json broken.json
for cmd in "queue" "buy com.example.fakegame.extra_lives" "finish 1" "restore" "history"; do
  run $cmd
  expect_status 74
  expect_err_has "store.json is unreadable"
done
cmp -s broken.json .iap/store.json && ok || not_ok "the broken state file was overwritten"
run reset
expect_status 0
run queue
expect_status 0

scenario "state is private and reset clears it"
iap buy com.example.fakegame.rocket_car >/dev/null
expect_same "$(stat -c %a .iap)" 700 "state folder mode"
expect_same "$(stat -c %a .iap/store.json)" 600 "store.json mode"
expect_same "$(stat -c %a .iap/transactions.log)" 600 "log mode"
run reset
expect_status 0
run history
expect_out ""
run --state elsewhere buy com.example.fakegame.rocket_car
expect_status 0
IAP_STATE=elsewhere run queue
expect_out_has "#1  purchased"

scenario "parallel buyers on one state folder lose nothing"
for worker in 1 2 3 4; do
  (for n in $(seq 1 25); do iap buy com.example.fakegame.extra_lives >/dev/null; done) &
done
wait
run history --json
expect_json 'len(d["transactions"]), len({t["id"] for t in d["transactions"]})' "100 100"
expect_json 'sorted(int(t["id"]) for t in d["transactions"]) == list(range(1, 101))' "True"
run queue --json
expect_json 'len(d["transactions"])' 100

finish
