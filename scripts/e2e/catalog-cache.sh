#!/usr/bin/env bash
# The compiled catalog cache that `buy` reads: used when current, never stale,
# private, and never in the way of reporting an invalid catalog.
source "$(dirname "$0")/lib.sh"

cache() { ls .iap/catalog-*.cache 2>/dev/null; }
# A catalog is only cached once it has not changed for 2 s (file timestamps are coarse),
# by a purchase in an existing state folder.
settle() { sleep 2.2; }
warm() { iap buy com.example.fakegame.coins_1000 --finish >/dev/null 2>&1; settle; iap buy com.example.fakegame.coins_1000 --finish >/dev/null 2>&1; }

scenario "a catalog that just changed is not cached; a settled one is, privately"
iap buy com.example.fakegame.extra_lives --finish >/dev/null
[ -z "$(cache)" ] && ok || not_ok "a catalog changed less than 2 s ago was cached"
settle
run buy com.example.fakegame.extra_lives --finish
expect_status 0
[ -n "$(cache)" ] && ok || not_ok "no cache after a purchase with a settled catalog"
expect_same "$(stat -c %a "$(cache)")" 600 "cache file mode"
run buy com.example.fakegame.rocket_car
expect_status 0
expect_out_has "purchased   com.example.fakegame.rocket_car"

scenario "an edit in place, same size, same inode, is seen at once"
warm
[ -n "$(cache)" ] && ok || not_ok "not cached"
inode=$(stat -c %i catalog.plist)
# rocket_car becomes rocket_cab: the same number of bytes, written into the same file.
python3 -c "
d = open('catalog.plist', 'rb').read()
with open('catalog.plist', 'r+b') as f: f.write(d.replace(b'fakegame.rocket_car', b'fakegame.rocket_cab'))"
expect_same "$(stat -c %i catalog.plist)" "$inode" "inode"
run buy com.example.fakegame.rocket_car
expect_status 1
expect_err_has "is not in the catalog (did you mean 'com.example.fakegame.rocket_cab'?)"
run buy com.example.fakegame.rocket_cab
expect_status 0

scenario "a catalog replaced by another file is seen at once"
warm
[ -n "$(cache)" ] && ok || not_ok "not cached"
sed 's/fakegame.extra_lives/fakegame.extra_lifes/' catalog.plist >new.plist && mv new.plist catalog.plist
run buy com.example.fakegame.extra_lives
expect_status 1

scenario "a catalog made invalid after caching still fails with every problem"
warm
[ -n "$(cache)" ] && ok || not_ok "not cached"
sed -e 's#<string>0.99</string>#<string>abc</string>#' -e 's#<string>nonRenewing</string>#<string>seasonal</string>#' catalog.plist >bad.plist
cat bad.plist >catalog.plist
cp .iap/transactions.log before.log
run buy com.example.fakegame.rocket_car
expect_status 65
expect_err_has 'catalog.plist: products[0] (com.example.fakegame.extra_lives): price: expected a decimal number ≥ 0, got "abc"'
expect_err_has 'catalog.plist: products[7] (com.example.fakegame.season_pass): type: expected one of'
cmp -s before.log .iap/transactions.log && ok || not_ok "a purchase with an invalid catalog was recorded"

scenario "a damaged cache is ignored; warnings are shown from the cache too"
sed 's#<key>title</key>#<key>colour</key><string>red</string><key>title</key>#' catalog.plist >warn.plist
cp warn.plist catalog.plist
warm
[ -n "$(cache)" ] && ok || not_ok "not cached"
run buy com.example.fakegame.extra_lives
expect_status 0
expect_err_has "warning: catalog.plist: products[0] (com.example.fakegame.extra_lives): colour: unknown key (ignored)"
run --catalog ./catalog.plist buy com.example.fakegame.extra_lives
[ "$(cache | wc -l)" = 1 ] && ok || not_ok "one catalog, two caches"
expect_err_has "warning: ./catalog.plist: products[0] (com.example.fakegame.extra_lives): colour: unknown key (ignored)"
file=$(cache)
head -c 300 "$file" >cut && cat cut >"$file"
run buy com.example.fakegame.rocket_car
expect_status 0
expect_out_has "purchased   com.example.fakegame.rocket_car"
head -c 5000 /dev/urandom >"$file"
run buy com.example.fakegame.rocket_car
expect_status 0
run reset
[ -z "$(cache)" ] && ok || not_ok "reset left the cache"

finish
