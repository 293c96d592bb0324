#!/usr/bin/env bash
# End-to-end checks of the lifecycle notifications with Apple's App Store Server Library:
# every notification type that refund requests, declines and reversals, price increases and
# Family Sharing send, verified in Sandbox with the state's chain. The commands themselves are
# tested in Swift (LifecycleScenarioTests).
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame
TOOLS="$ROOT/scripts/e2e/tools"
APPLE=$(apple_python)

scenario "Apple's library verifies every new notification type (Sandbox)"
if [ -z "$APPLE" ]; then
  missing_tool "Apple's App Store Server Library is not available"
else
  iap settings set environment Sandbox >/dev/null
  iap certificates root -o root.cer >/dev/null
  iap clock set 2026-01-15T10:00:00Z >/dev/null
  iap buy $P.coins_1000 --finish >/dev/null
  iap buy $P.unlock_maps --finish >/dev/null
  iap buy $P.pro.monthly --finish >/dev/null
  iap refund-request 1 --reason FULFILLMENT_ISSUE >/dev/null
  iap refund-decline 1 >/dev/null
  iap family add kid >/dev/null
  iap refund 2 --reason developerIssue >/dev/null
  iap refund-reverse 2 >/dev/null
  iap subscription price-increase $P.pro.monthly --price 12.99 >/dev/null
  iap subscription price-increase-consent $P.pro.monthly accept >/dev/null
  iap notifications --json | python3 -c 'import json,sys; [print(json.dumps({"signedPayload": n["signedPayload"]})) for n in json.load(sys.stdin)["notifications"]]' >bodies
  if "$APPLE" "$TOOLS/apple_verify.py" $P notification SANDBOX root.cer <bodies >decoded 2>apple.err; then ok; else not_ok "Apple's library rejected a notification: $(tail -3 apple.err)"; fi
  out=$(cat decoded)
  expect_same "$(python3 -c 'import json,sys; print(" ".join(json.loads(l)["type"] for l in open("decoded")))')" \
    "ONE_TIME_CHARGE ONE_TIME_CHARGE SUBSCRIBED CONSUMPTION_REQUEST REFUND_DECLINED REFUND REVOKE REFUND_REVERSED PRICE_INCREASE PRICE_INCREASE" "decoded types"
  expect_same "$(python3 -c 'import json; l=[json.loads(x) for x in open("decoded")]; print(l[6]["inAppOwnershipType"], l[6]["revocationDate"] is not None, l[8]["subtype"], l[8]["priceIncreaseStatus"], l[9]["priceIncreaseStatus"])')" \
    "FAMILY_SHARED True PENDING 0 1" "REVOKE and PRICE_INCREASE as Apple's library reads them"
  # revocationType (REFUND_FULL, FAMILY_REVOKE), the member's revocationReason the
  # purchaser's (Apple's revocationReason page), appTransactionId on every transaction.
  expect_same "$(python3 -c 'import json; l=[json.loads(x) for x in open("decoded")]; print(l[5]["revocationType"], l[5]["revocationReason"], l[6]["revocationType"], l[6]["revocationReason"], len(l[0]["appTransactionId"]))')" \
    "REFUND_FULL 1 FAMILY_REVOKE 1 15" "revocationType, the member's reason and appTransactionId"
  reason=$(python3 -c 'import json; print(json.loads(open("decoded").readlines()[3])["consumptionRequestReason"])')
  if [ "$reason" = None ]; then skip "this version of Apple's library does not read consumptionRequestReason"; else expect_same "$reason" FULFILLMENT_ISSUE "consumptionRequestReason"; fi
  # A prorated refund: REFUND_PRORATED with revocationPercentage in milliunits.
  solo=$(iap --account solo buy $P.pro.monthly --finish --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["transactions"][-1]["id"])')
  iap --account solo refund "$solo" --percentage 50 >/dev/null
  iap notifications --json | python3 -c 'import json,sys; print(json.dumps({"signedPayload": json.load(sys.stdin)["notifications"][-1]["signedPayload"]}))' >bodies
  if "$APPLE" "$TOOLS/apple_verify.py" $P notification SANDBOX root.cer <bodies >decoded 2>apple.err; then ok; else not_ok "Apple's library rejected a notification: $(tail -3 apple.err)"; fi
  expect_same "$(python3 -c 'import json; d=json.loads(open("decoded").read()); print(d["type"], d["revocationType"], d["revocationPercentage"])')" \
    "REFUND REFUND_PRORATED 50000" "a prorated refund as Apple's library reads it"
  # The member's share renews with a notification of its own (FAMILY_SHARED).
  iap clock advance 32d >/dev/null
  iap notifications --json | python3 -c 'import json,sys; [print(json.dumps({"signedPayload": n["signedPayload"]})) for n in json.load(sys.stdin)["notifications"][-2:]]' >bodies
  if "$APPLE" "$TOOLS/apple_verify.py" $P notification SANDBOX root.cer <bodies >decoded 2>apple.err; then ok; else not_ok "Apple's library rejected a notification: $(tail -3 apple.err)"; fi
  expect_same "$(python3 -c 'import json; print(" ".join(json.loads(x)["type"] + "/" + json.loads(x)["inAppOwnershipType"] for x in open("decoded")))')" \
    "DID_RENEW/PURCHASED DID_RENEW/FAMILY_SHARED" "the purchaser's renewal, then the member's"
  # A second increase without consent within the year is refused, naming why.
  run subscription price-increase $P.pro.monthly --price 13.49 --consent notRequired
  expect_status 0
  run subscription price-increase $P.pro.monthly --price 13.99 --consent notRequired
  expect_status 1
  expect_err_has "one increase a year"
fi

finish
