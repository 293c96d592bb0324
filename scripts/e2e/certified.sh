#!/usr/bin/env bash
# End-to-end tests of signing as the App Store signs: Production needs the app's Apple ID, and
# the same secret and clock give the same bytes. That Apple's App Store Server Library accepts
# every signed value in Sandbox and Production, and refuses forged ones, is checked in
# Tests/AppleLibraryTests.
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame

scenario "Production without the app's Apple ID is refused with a clear error"
run settings set environment Production
expect_status 64
expect_err_has "the Production environment needs app-apple-id"
run buy $P.extra_lives --json
expect_status 0
iap settings set app-apple-id 1234567890 >/dev/null
run settings set environment Production
expect_status 0

scenario "the same secret and clock give byte-identical tokens and root"
for state in a b; do
  IAP_STATE=$state iap settings set signing-secret s3cr3t >/dev/null
  IAP_STATE=$state iap settings set environment Sandbox >/dev/null
  IAP_STATE=$state iap clock set 2026-01-15T10:00:00Z >/dev/null
  IAP_STATE=$state iap buy $P.pro.monthly --json >"buy.$state"
  IAP_STATE=$state iap certificates root >"root.$state"
  IAP_STATE=$state iap app-transaction --json >"app.$state"
done
expect_same "$(cksum <buy.a)" "$(cksum <buy.b)" "buy --json of two states with one secret"
expect_same "$(cksum <root.a)" "$(cksum <root.b)" "the root of two states with one secret"
expect_same "$(cksum <app.a)" "$(cksum <app.b)" "app-transaction --json of two states with one secret"
if command -v openssl >/dev/null 2>&1; then
  openssl x509 -in root.a -noout -text >root.txt 2>&1 && ok || not_ok "openssl cannot read the root: $(cat root.txt)"
else
  skip "openssl is not installed"
fi
finish
