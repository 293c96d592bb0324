#!/usr/bin/env bash
# Missing fixtures fail loudly (issue 11): a script that needs the fixtures, run with
# IAP_FIXTURES naming an empty folder, exits non-zero and names the path it could not find,
# instead of skipping those checks in silence.
source "$(dirname "$0")/lib.sh"

scenario "storekit.sh with an empty fixtures folder fails and names the missing fixtures"
empty=$(mktemp -d "$scratch/fixtures.XXXXXX")
IAP_FIXTURES="$empty" bash "$ROOT/scripts/e2e/storekit.sh" >"$scratch/nested.out" 2>"$scratch/nested.err"
status=$?
out=$(cat "$scratch/nested.out")
err=$(cat "$scratch/nested.err")
if [ "$status" -ne 0 ]; then ok; else not_ok "expected a non-zero status without the fixtures"; fi
expect_out_has "not ok - the .storekit files of the test fixtures: missing fixture $empty/storekit"
expect_out_has "IAP_FIXTURES is $empty"
expect_out_has "storekit: "
expect_out_lacks " 0 failed"
expect_err ""

finish
