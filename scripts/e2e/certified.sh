#!/usr/bin/env bash
# End-to-end tests of signing as the App Store signs: in Sandbox and Production
# every signed value is ES256 with an x5c chain to the state's own root, which Apple's App
# Store Server Library accepts when given that root; forged data and another store's root
# fail; the same secret and clock give the same bytes.
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame
TOOLS="$ROOT/scripts/e2e/tools"
APPLE=$(apple_python)
UUID=6f1c2a3b-1111-4222-8333-123456789abc

# sandbox_run ENV: a scenario in environment ENV, its signed values written to files.
sandbox_run() {
  iap settings set environment "$1" >/dev/null
  [ "$1" = Production ] && iap settings set app-apple-id 1234567890 >/dev/null
  iap clock set 2026-01-15T10:00:00Z >/dev/null
  iap buy $P.pro.monthly --username $UUID --finish >/dev/null
  iap buy $P.extra_lives --quantity 2 >/dev/null
  iap clock advance 1M >/dev/null
  iap queue --json >queue.json
  json_file queue.json '"\n".join(t["jwsRepresentation"] for t in d["transactions"] if "jwsRepresentation" in t)' >transactions
  iap subscription status --json >status.json
  json_file status.json 'd["subscriptions"][0]["signedRenewalInfo"]' >renewals
  json_file status.json 'd["subscriptions"][0]["signedTransactionInfo"]' >>transactions
  iap app-transaction --json >app.json
  json_file app.json 'd["signedAppTransaction"]' >apps
  python3 "$TOOLS/notification_server.py" port bodies &
  server=$!
  for _ in $(seq 50); do [ -s port ] && break; sleep 0.1; done
  iap notifications --url "http://127.0.0.1:$(cat port)/n" --all >/dev/null
  kill $server 2>/dev/null
  wait $server 2>/dev/null
}

json_file() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }

for env in Sandbox Production; do
  upper=$(printf '%s' "$env" | tr a-z A-Z)
  extra=""
  [ "$env" = Production ] && extra=1234567890
  scenario "$env: Apple's library verifies every signed value against the exported root"
  run certificates root -o root.cer
  expect_status 0
  expect_out_has "wrote root.cer: the root certificate (DER)"
  sandbox_run "$env"
  expect_same "$(head -c 20 transactions | cut -d. -f1 | python3 -c 'import base64,sys; s=sys.stdin.read().strip(); print(base64.urlsafe_b64decode(s+"==")[:15].decode(errors="replace"))')" '{"alg":"ES256",' "the JWS header"
  expect_same "$(wc -l <bodies | tr -d ' ')" 3 "notifications delivered"
  for kind in transaction renewal app-transaction; do
    file=$([ $kind = transaction ] && echo transactions || ([ $kind = renewal ] && echo renewals || echo apps))
    while read -r token; do
      run jws decode "$token" --json
      expect_status 0
      expect_json 'd["signatureValid"], d["payload"].get("environment", d["payload"].get("receiptType"))' "True $env"
    done <"$file"
  done
  python3 - <<'PY'
import base64, json
token = open("transactions").readline().strip()
h, p, s = token.split(".")
claims = json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))
claims["price"] = 1
forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
open("forged", "w").write(".".join([h, forged, s]) + "\n")
PY
  if [ -n "$APPLE" ]; then
    for kind in transaction renewal app-transaction notification; do
      file=$(case $kind in transaction) echo transactions ;; renewal) echo renewals ;; app-transaction) echo apps ;; *) echo bodies ;; esac)
      # shellcheck disable=SC2086
      "$APPLE" "$TOOLS/apple_verify.py" $P $kind "$upper" root.cer $extra <"$file" >decoded 2>apple.err && ok ||
        not_ok "Apple's library rejected a $kind in $env: $(tail -n 3 apple.err)"
    done
    out=$(sed -n 1p decoded)
    expect_json 'd["environment"], d["type"], d.get("appAppleId")' "$env SUBSCRIBED ${extra:-None}"
    out=$("$APPLE" "$TOOLS/apple_verify.py" $P app-transaction "$upper" root.cer $extra <apps)
    expect_json 'd["receiptType"], d["bundleId"], d.get("appAppleId")' "$env $P ${extra:-None}"
    # A forged payload, and another store's root, fail.
    # shellcheck disable=SC2086
    "$APPLE" "$TOOLS/apple_verify.py" $P transaction "$upper" root.cer $extra <forged >/dev/null 2>&1 && not_ok "Apple's library accepted a forged payload" || ok
    IAP_STATE=other iap certificates root -o other.cer >/dev/null
    # shellcheck disable=SC2086
    "$APPLE" "$TOOLS/apple_verify.py" $P transaction "$upper" other.cer $extra <transactions >/dev/null 2>&1 && not_ok "another store's root verified this store's data" || ok
  else
    missing_tool "Apple's App Store Server Library is not installed and could not be (pip install app-store-server-library)"
  fi
  run jws decode "$(cat forged)" --json
  expect_status 1
  expect_json 'd["signatureValid"], d["failure"]' "False signature does not verify under the leaf certificate's key"
done

scenario "Production without the app's Apple ID is refused with a clear error"
iap settings set environment Production >/dev/null
run buy $P.extra_lives --json
expect_status 65
expect_err_has "the Production environment needs app-apple-id"
iap settings set app-apple-id 1234567890 >/dev/null
run history --json
expect_json 'len(d["transactions"])' 0

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
