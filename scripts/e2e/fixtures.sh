#!/usr/bin/env bash
# Missing fixtures fail loudly: a script that needs the fixtures, run with
# IAP_FIXTURES naming an empty folder, exits non-zero and names the path it could not find,
# instead of skipping those checks in silence.
source "$(dirname "$0")/lib.sh"

scenario "a script with an empty fixtures folder fails and names the missing fixtures"
empty=$(mktemp -d "$scratch/fixtures.XXXXXX")
cat >"$scratch/storekit.sh" <<EOF
source "$ROOT/scripts/e2e/lib.sh"
current="the .storekit files of the test fixtures"
need_fixture "\$FIXTURES/storekit" && run catalog lint "\$FIXTURES/storekit"
finish
EOF
IAP_FIXTURES="$empty" bash "$scratch/storekit.sh" >"$scratch/nested.out" 2>"$scratch/nested.err"
status=$?
out=$(cat "$scratch/nested.out")
err=$(cat "$scratch/nested.err")
if [ "$status" -ne 0 ]; then ok; else not_ok "expected a non-zero status without the fixtures"; fi
expect_out_has "not ok - the .storekit files of the test fixtures: missing fixture $empty/storekit"
expect_out_has "IAP_FIXTURES is $empty"
expect_out_has "storekit: "
expect_out_lacks " 0 failed"
expect_err ""

scenario "a relative IAP_BIN works in every scenario, though each changes folder"
cat >"$scratch/nested.sh" <<EOF
source "$ROOT/scripts/e2e/lib.sh"
scenario one; run products list; expect_status 0
scenario two; run products list; expect_status 0
finish
EOF
(cd "$(dirname "$IAP_BIN")/.." && IAP_BIN="$(basename "$(dirname "$IAP_BIN")")/$(basename "$IAP_BIN")" \
  bash "$scratch/nested.sh") >"$scratch/nested.out" 2>"$scratch/nested.err"
status=$?
out=$(cat "$scratch/nested.out")
err=$(cat "$scratch/nested.err")
expect_status 0
expect_out "nested: 2 passed, 0 failed"

finish
