#!/usr/bin/env bash
# End-to-end tests of `iap keys`. Purchases with promotional offer signatures made by Apple's
# App Store Server Library with such a key are in Tests/AppleLibraryTests.
source "$(dirname "$0")/lib.sh"

scenario "keys create writes a private .p8 and keeps the public key"
run keys create -o key.p8 --json
expect_status 0
expect_json 'len(d["keyId"]) == 10 and d["keyId"].isalnum() and d["keyId"].upper() == d["keyId"]' True
expect_json 'len(d["issuerId"]) == 36 and d["issuerId"][14]' 4
keyid=$(json 'd["keyId"]')
expect_same "$(stat -c %a key.p8 2>/dev/null || stat -f %Lp key.p8)" 600 "the .p8's mode"
expect_same "$(head -1 key.p8)" "-----BEGIN PRIVATE KEY-----" "the .p8's first line"
run keys list --json
expect_json '[k["keyId"] for k in d["keys"]] == ["'"$keyid"'"] and "PRIVATE" not in str(d)' True
run keys create -o key.p8
expect_status 74
expect_err_has "the file exists"
if command -v openssl >/dev/null 2>&1; then
  openssl ec -in key.p8 -pubout -out pub.pem 2>/dev/null
  run keys add OTHERKEY01 pub.pem
  expect_status 0
  run keys add OTHERKEY01 pub.pem
  expect_status 1
  expect_err_has "already registered"
  run keys remove OTHERKEY01
  expect_out "removed  OTHERKEY01"
fi
run keys remove NOSUCHKEY1
expect_status 1

finish
