#!/usr/bin/env bash
# End-to-end tests of `iap serve`: the App Store Server API served from a state,
# called by Apple's own App Store Server Library, beside CLI commands on the same state.
source "$(dirname "$0")/lib.sh"
P=com.example.fakegame
TOOLS="$ROOT/scripts/e2e/tools"
APPLE=$(apple_python)


scenario "Apple's AppStoreServerAPIClient gets transactions, history and statuses from iap serve"
iap settings set environment Sandbox >/dev/null
iap clock set 2026-01-15T10:00:00Z >/dev/null
iap keys create -o key.p8 --json >key.json 2>/dev/null
iap certificates root -o root.cer >/dev/null
iap buy $P.pro.monthly --finish >/dev/null
for _ in $(seq 22); do iap buy $P.coins_1000 --finish >/dev/null; done
start_server
case "$url" in http://127.0.0.1:[0-9]*) ok ;; *) not_ok "the first line of stdout is not the server's URL: <<$url>>" ;; esac
iap buy $P.unlock_maps --finish >/dev/null  # a command beside the server: the next request sees it
if [ -n "$APPLE" ]; then
  key_id=$(python3 -c 'import json; print(json.load(open("key.json"))["keyId"])')
  issuer=$(python3 -c 'import json; print(json.load(open("key.json"))["issuerId"])')
  "$APPLE" "$TOOLS/server_client.py" "$url" key.p8 "$key_id" "$issuer" $P SANDBOX root.cer >calls 2>client.err && ok ||
    not_ok "Apple's client failed: $(tail -n 5 client.err)"
  out=$(grep '"info"' calls); expect_json 'd["result"]' "$P.pro.monthly"
  out=$(grep '"missing"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "404 4040010"
  out=$(grep '"history"' calls); expect_json 'd["result"]' "[20, 4]"
  out=$(grep '"history-v1"' calls); expect_json 'd["result"]' "['$P.pro.monthly', '$P.unlock_maps']"
  out=$(grep '"app-transaction"' calls); expect_json 'd["result"]' "[True, 1375340400000]"
  out=$(grep '"app-transaction-missing"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "404 4040010"
  revision=$(grep '"revision"' calls | python3 -c 'import json,sys; print(json.load(sys.stdin)["result"])')
  out=$(grep '"statuses"' calls); expect_json 'd["result"]' "[['pro', 1, '$P.pro.monthly']]"
  out=$(grep '"order"' calls); expect_json 'd["result"]' "[0, ['$P.pro.monthly']]"
  # A key the store does not know: 401.
  "$APPLE" -c 'from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives import serialization as s
key = ec.generate_private_key(ec.SECP256R1())
open("other.p8", "wb").write(key.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8, s.NoEncryption()))' 
  "$APPLE" "$TOOLS/server_client.py" "$url" other.p8 "$key_id" "$issuer" $P SANDBOX root.cer >calls 2>/dev/null
  out=$(grep '"info"' calls); expect_json 'd["result"]["status"]' 401
  # Another bundle id: 401.
  "$APPLE" "$TOOLS/server_client.py" "$url" key.p8 "$key_id" "$issuer" com.example.other SANDBOX root.cer >calls 2>/dev/null
  out=$(grep '"info"' calls); expect_json 'd["result"]["status"]' 401
  # A refund made from the shell is in the next answer.
  iap refund 24 >/dev/null
  "$APPLE" "$TOOLS/server_client.py" "$url" key.p8 "$key_id" "$issuer" $P SANDBOX root.cer refunds "$revision" >calls 2>client.err && ok ||
    not_ok "Apple's client failed: $(tail -n 5 client.err)"
  out=$(grep '"refunds"' calls); expect_json 'd["result"]' "['$P.unlock_maps']"
  out=$(grep '"revoked"' calls); expect_json 'd["result"]' "['$P.unlock_maps']"
  out=$(grep '"since-revision"' calls); expect_json 'd["result"]' "[['$P.unlock_maps', True]]"
else
  missing_tool "Apple's App Store Server Library is not installed and could not be (pip install app-store-server-library)"
fi
# Malformed requests are answered and never end the server.
out=$(python3 - "$url" <<'PY'
import socket, sys
host, port = sys.argv[1].removeprefix("http://").split(":")
answers = []
for raw in [b"GARBAGE\r\n\r\n", b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 17000 + b"\r\n\r\n",
            b"POST /verifyReceipt HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n"]:
    s = socket.create_connection((host, int(port)))
    s.sendall(raw)
    answers.append(s.recv(64).split(b" ")[1].decode())
    s.close()
print(" ".join(answers))
PY
)
expect_same "$out" "400 431 413 505" "the answers to malformed requests"
if command -v curl >/dev/null 2>&1; then
  expect_same "$(curl -s -o /dev/null -w '%{http_code}' "$url/inApps/v1/transactions/1")" 401 "a request without a token"
else
  skip "curl is not installed"
fi
kill -INT $server
wait $server
status=$?
expect_status 0
expect_same "$(cat serve.err)" "" "the server's stderr"

scenario "Apple's client sends test notifications, extends renewal dates, sets app account tokens and reads the notification history"
if [ -n "$APPLE" ]; then
  python3 "$TOOLS/notification_server.py" port bodies failing &
  receiver=$!
  for _ in $(seq 50); do [ -s port ] && break; sleep 0.1; done
  iap settings set environment Sandbox >/dev/null
  iap clock set 2026-01-15T10:00:00Z >/dev/null
  iap settings set notification-url "http://127.0.0.1:$(cat port)/asn" >/dev/null
  iap keys create -o key.p8 --json >key.json 2>/dev/null
  iap certificates root -o root.cer >/dev/null
  iap buy $P.pro.monthly --finish >/dev/null
  start_server
  key_id=$(python3 -c 'import json; print(json.load(open("key.json"))["keyId"])')
  issuer=$(python3 -c 'import json; print(json.load(open("key.json"))["issuerId"])')
  now=$(python3 -c 'import datetime; print(int(datetime.datetime(2026,1,15,10,tzinfo=datetime.timezone.utc).timestamp()*1000))')
  client() { "$APPLE" "$TOOLS/server_writes.py" "$url" key.p8 "$key_id" "$issuer" $P SANDBOX root.cer "$now" "$@"; }
  client main >calls 2>client.err && ok || not_ok "Apple's client failed: $(tail -n 5 client.err)"
  day=86400000
  out=$(grep '"test-token"' calls); expect_json 'd["result"]' True
  out=$(grep '"test-status"' calls); expect_json 'd["result"]' "[['TEST', None], ['SUCCESS']]"
  out=$(grep '"test-unknown"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "404 4040008"
  out=$(grep '"test-invalid"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "400 4000020"
  # Extensions move the renewal date by whole days, a request identifier counts once, and
  # Apple allows two a year (Extend a Subscription Renewal Date; SubscriptionMaxExtensionError).
  out=$(grep '"extend-1"' calls); expect_json 'd["result"]' "['1', True, $((10 * day))]"
  out=$(grep '"expires-moved"' calls); expect_json 'd["result"]' $((10 * day))
  out=$(grep '"extend-again"' calls); expect_json 'd["result"]' $((10 * day))
  out=$(grep '"extend-2"' calls); expect_json 'd["result"]' $((15 * day))
  out=$(grep '"extend-3"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "403 4030005"
  out=$(grep '"extend-91"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "400 4000009"
  out=$(grep '"extend-unknown"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "404 4040005"
  out=$(grep '"mass"' calls); expect_json 'd["result"]' m1
  out=$(grep '"mass-status"' calls); expect_json 'd["result"]' "[True, 0, 1]"
  out=$(grep '"mass-unknown"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "404 4040009"
  out=$(grep '"app-account-token"' calls); expect_json 'd["result"]' 7389a31a-fb6d-4569-a2a6-db7d85d84813
  out=$(grep '"renewal-app-account-token"' calls); expect_json 'd["result"]' "['7389a31a-fb6d-4569-a2a6-db7d85d84813', True]"
  out=$(grep '"app-account-token-bad"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "400 4000183"
  # The shell sees what the server did.
  out=$(iap subscription status $P.pro.monthly --json)
  expect_json 'd["subscriptions"][0]["expirationDate"][:10]' 2026-03-02
  touch failing
  client failing >calls 2>client.err && ok || not_ok "Apple's client failed: $(tail -n 5 client.err)"
  out=$(grep '"test-failing"' calls); expect_json 'd["result"]' "[['TEST', None], ['UNSUCCESSFUL_HTTP_RESPONSE_CODE']]"
  rm failing
  client history >calls 2>client.err && ok || not_ok "Apple's client failed: $(tail -n 5 client.err)"
  out=$(grep '"history"' calls)
  expect_json '[n[0] + "/" + str(n[1]) + ":" + ",".join(n[2]) for n in d["result"]]' \
    "['SUBSCRIBED/INITIAL_BUY:SUCCESS', 'TEST/None:SUCCESS', 'RENEWAL_EXTENDED/None:SUCCESS', 'RENEWAL_EXTENDED/None:SUCCESS', 'RENEWAL_EXTENSION/FAILURE:SUCCESS', 'RENEWAL_EXTENSION/SUMMARY:SUCCESS', 'TEST/None:UNSUCCESSFUL_HTTP_RESPONSE_CODE']"
  out=$(grep '"history-failures"' calls); expect_json '[n[0] for n in d["result"]]' "['TEST']"
  out=$(grep '"history-type"' calls); expect_json 'len(d["result"])' 2
  out=$(grep '"history-customer"' calls); expect_json 'd["result"]' 4
  out=$(grep '"history-too-old"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "400 4000012"
  out=$(grep '"history-both-filters"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "400 4000019"
  # The receiver got each notification once, signed as the history says.
  expect_same "$(wc -l <bodies | tr -d ' ')" 6 "notifications the receiver took"
  out=$(iap notifications --json)
  expect_json '[n["notificationType"] for n in d["notifications"] if n["transactionId"] is None]' "['TEST', 'RENEWAL_EXTENSION', 'TEST']"
  # A refund request sends CONSUMPTION_REQUEST; the server answers it with Send Consumption
  # Information, version 1 then 2, and the shell sees the answer on the request.
  iap refund-request 1 --reason FULFILLMENT_ISSUE >/dev/null
  client consumption >calls 2>client.err && ok || not_ok "Apple's client failed: $(tail -n 5 client.err)"
  out=$(grep '"consumption-v1"' calls); expect_json 'd["result"]' True
  out=$(grep '"consumption-v2-percentage"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "400 4000000"
  out=$(grep '"consumption-v2"' calls); expect_json 'd["result"]' True
  out=$(grep '"consumption-no-consent"' calls); expect_json 'd["result"]["status"], d["result"]["errorCode"]' "400 4000035"
  out=$(iap history --json)
  expect_json '[t["refundRequest"]["consumptionInformation"]["refundPreference"] for t in d["transactions"] if t["refundRequest"]]' "['GRANT_PRORATED']"
  kill -TERM $server
  wait $server
  status=$?
  expect_status 0
  kill $receiver
else
  missing_tool "Apple's App Store Server Library is not installed and could not be (pip install app-store-server-library)"
fi

# A 401 for the server's own failure, with nothing logged, would tell a client that its key
# is wrong.
scenario "the server's own failures are 5xx in Apple's shape with one line on stderr, never 401"
if python3 -c 'import cryptography' 2>/dev/null; then
  iap keys create -o key.p8 --json >key.json 2>/dev/null
  iap buy $P.coins_1000 >/dev/null
  key_id=$(python3 -c 'import json; print(json.load(open("key.json"))["keyId"])')
  issuer=$(python3 -c 'import json; print(json.load(open("key.json"))["issuerId"])')
  get() { python3 "$TOOLS/bearer_get.py" "$url" /inApps/v1/transactions/1 key.p8 "$key_id" "$issuer" $P "$@"; }
  start_server
  out=$(get); expect_json 'd["statuses"]' "{'200': 1}"
  cp .iap/keys.json keys.good && echo '{"issuerId": 3' >.iap/keys.json
  out=$(get); expect_json 'd["statuses"], json.loads(d["bodies"]["500"])["errorCode"]' "{'500': 1} 5000000"
  cp keys.good .iap/keys.json
  cp catalog.plist catalog.good && echo garbage >catalog.plist
  out=$(get); expect_json 'd["statuses"], json.loads(d["bodies"]["500"])["errorCode"]' "{'500': 1} 5000000"
  cp catalog.good catalog.plist
  cp .iap/transactions.log log.good && printf 'not a record\n' >>.iap/transactions.log
  out=$(get); expect_json 'list(d["statuses"])' "['500']"
  cp log.good .iap/transactions.log && iap doctor --repair >/dev/null
  out=$(get); expect_json 'd["statuses"]' "{'200': 1}"
  kill -TERM $server
  wait $server
  expect_same "$(grep -c '^error: GET /inApps/v1/transactions/1: answered 500: ' serve.err)" 3 "lines on stderr for three failures"
  grep -q 'keys.json' serve.err && grep -q 'catalog.plist' serve.err && grep -q 'transactions.log' serve.err && ok ||
    not_ok "stderr does not name each cause: $(cat serve.err)"
  # Out of descriptors: 100 requests at once under `ulimit -n 24`: 200 or 503, never 401.
  rm url
  (ulimit -n 24 && exec "$IAP_BIN" serve --port 0 >url 2>serve.err) &
  server=$!
  for _ in $(seq 300); do [ -f url ] && [ "$(wc -l <url)" -ge 1 ] && break; sleep 0.1; done
  url=$(head -n 1 url)
  out=$(get 100)
  expect_json 'sorted(set(d["statuses"]) - {"200", "503"}), sum(d["statuses"].values())' "[] 100"
  kill -TERM $server
  wait $server
  ! grep -v -e '^error: GET /inApps/v1/transactions/1: answered 503: .*Too many open files' serve.err | grep -q . && ok ||
    not_ok "stderr under few descriptors: $(sort serve.err | uniq -c | head -5)"
else
  skip "python3's cryptography package is not installed (it signs the tokens)"
fi

# Sockets that send a byte every 4 s, or nothing, must not take every connection slot and
# leave a normal client with 503s.
scenario "140 slow and idle connections leave a legitimate client 90% of 200s, and an update stream open"
iap buy $P.coins_1000 >/dev/null
start_server
out=$(python3 - "$url" "$TOOLS/slow_clients.py" "$IAP_BIN" "$(scaled 3 6)" <<'PY'
import json, socket, subprocess, sys, threading, time
url, tool, binary = sys.argv[1:4]
host, port = url.removeprefix("http://").rsplit(":", 1)
# An update stream opened first: a listener that waits is not idle, and keeps its slot.
stream = socket.create_connection((host, int(port)))
stream.sendall(b"GET /iap/v1/transactions/updates HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
received = []
def listen():
    while True:
        data = stream.recv(65536)
        if not data:
            received.append(b"<closed>")
            return
        received.append(data)
threading.Thread(target=listen, daemon=True).start()
seconds = sys.argv[4]
same = json.loads(subprocess.run([sys.executable, tool, url, "/iap/v1/status", "70", "70", seconds], capture_output=True, text=True).stdout)
other = json.loads(subprocess.run([sys.executable, tool, url, "/iap/v1/status", "70", "70", seconds, "127.0.0.2"], capture_output=True, text=True).stdout)
before = len(received)
subprocess.run([binary, "buy", "com.example.fakegame.coins_1000"], capture_output=True)
for _ in range(50):
    if b"event: transaction" in b"".join(received[before:]):
        break
    time.sleep(0.1)
print(json.dumps({"same": same, "other": other, "stream": b"event: transaction" in b"".join(received[before:]),
                  "closed": b"<closed>" in received}))
PY
)
echo "    measured: $out"
expect_json 'd["same"]["share"] >= 0.9 and d["same"]["requests"] >= 20' True
expect_json 'd["other"]["share"] >= 0.9 and d["other"]["requests"] >= 20' True
expect_json 'd["stream"], d["closed"]' "True False"
kill -TERM $server
wait $server
status=$?
expect_status 0

# A SIGTERM must not wait without limit for a request waiting for the state's lock, which
# another process holds.
scenario "SIGTERM stops the server within 5 s, and two at once, while a request waits for a held lock"
iap buy $P.coins_1000 >/dev/null
for signals in 1 2; do
  start_server
  python3 -c 'import fcntl, time; f = open(".iap/lock", "r+"); fcntl.flock(f, fcntl.LOCK_EX); open("held", "w"); time.sleep(20)' &
  holder=$!
  for _ in $(seq 50); do [ -e held ] && break; sleep 0.1; done
  # The caller says when its request is sent: on a loaded machine a fixed pause could
  # signal the server before the request arrived.
  python3 -c '
import socket, sys
host, port = sys.argv[1].split("//")[1].split(":")
s = socket.create_connection((host, int(port)))
body = b"{\"by\": \"1d\"}"
s.sendall(b"POST /iap/v1/clock/advance HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
open("sent", "w")
s.settimeout(30)
s.recv(1)' "$url" 2>/dev/null &
  caller=$!
  for _ in $(seq 100); do [ -e sent ] && break; sleep 0.1; done
  sleep 0.5
  start=$(date +%s%N)
  kill -TERM $server
  [ "$signals" = 2 ] && sleep 0.2 && kill -TERM $server
  wait $server
  status=$?
  elapsed=$((($(date +%s%N) - start) / 1000000))
  expect_status 0
  if [ "$signals" = 1 ]; then
    [ "$elapsed" -ge 4500 ] && [ "$elapsed" -lt 7000 ] && ok || not_ok "one SIGTERM took ${elapsed} ms"
  else
    [ "$elapsed" -lt 2000 ] && ok || not_ok "two SIGTERMs took ${elapsed} ms"
  fi
  grep -q "stopped with 1 request unanswered" serve.err && ok || not_ok "stderr: $(cat serve.err)"
  kill $holder $caller 2>/dev/null
  wait $holder $caller 2>/dev/null
  rm -f held sent
done

# The server keeps the state it loaded, the keys and the tokens between requests.
# Under load, a command's commit must still be seen by the very next request.
scenario "under load, each purchase of a command beside the server is seen by the next request; every answer is a 200"
if python3 -c 'import cryptography' 2>/dev/null; then
  iap keys create -o key.p8 --json >key.json 2>/dev/null
  key_id=$(python3 -c 'import json; print(json.load(open("key.json"))["keyId"])')
  issuer=$(python3 -c 'import json; print(json.load(open("key.json"))["issuerId"])')
  iap buy $P.coins_1000 --finish >/dev/null
  start_server
  get() { python3 "$TOOLS/bearer_get.py" "$url" "/inApps/v1/transactions/$1" key.p8 "$key_id" "$issuer" $P "${2:-1}"; }
  # 8 clients at once, 15 times over, while the commands run.
  (for _ in $(seq 15); do get 1 8; done) >load.json &
  loader=$!
  unseen=""
  for _ in $(seq 8); do
    id=$(iap buy $P.coins_1000 --finish --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["transactions"][0]["id"])')
    get "$id" | grep -q '"statuses": {"200": 1}' || unseen="$unseen $id"
  done
  [ -z "$unseen" ] && ok || not_ok "transactions not seen by the next request:$unseen"
  wait $loader
  out=$(python3 -c 'import json, sys; print(json.dumps({"statuses": sorted({s for line in open("load.json") for s in json.loads(line)["statuses"]}), "n": sum(sum(json.loads(line)["statuses"].values()) for line in open("load.json"))}))')
  expect_json 'd["statuses"], d["n"]' "['200'] 120"
  kill -TERM $server
  wait $server
else
  skip "python3's cryptography package is not installed (it signs the tokens)"
fi

scenario "a port in use is a clear error"
python3 -c 'import socket,time; s=socket.socket(); s.bind(("127.0.0.1",0)); s.listen(); open("port","w").write(str(s.getsockname()[1])); time.sleep(30)' &
holder=$!
for _ in $(seq 50); do [ -s port ] && break; sleep 0.1; done
run serve --port "$(cat port)"
expect_status 74
expect_err_has "cannot serve on 127.0.0.1:$(cat port):"
kill $holder 2>/dev/null
run serve --port 70000
expect_status 64

scenario "a --host beyond loopback needs consent; an IPv6 URL is bracketed; the control token and --allow-host over HTTP"
run serve --host 0.0.0.0 --port 0
expect_status 64
case "$(head -n 1 <<<"$err")" in
  "error: --host 0.0.0.0 is beyond loopback and the control plane has no authentication"*) ok ;;
  *) not_ok "the refusal's first line: $(head -n 1 <<<"$err")" ;;
esac
expect_err_has "add --allow-remote to serve it anyway, or --control-token TOKEN"
start_server --host 0.0.0.0 --allow-remote
case "$url" in http://0.0.0.0:[0-9]*) ok ;; *) not_ok "--host 0.0.0.0 printed <<$url>>" ;; esac
for _ in $(seq 50); do [ -s serve.err ] && break; sleep 0.1; done
grep -q "^warning: the control plane on 0.0.0.0:[0-9]* has no authentication" serve.err && ok || not_ok "no warning: $(cat serve.err)"
if python3 -c 'import socket; socket.socket(socket.AF_INET6).bind(("::1", 0))' 2>/dev/null; then
  start_server --host ::1
  case "$url" in "http://[::1]:"[0-9]*) ok ;; *) not_ok "--host ::1 printed <<$url>>" ;; esac
  out=$(python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1] + "/iap/v1/status").status)' "$url" 2>&1)
  expect_out 200
else
  skip "this machine has no IPv6 loopback"
fi
start_server --control-token s3cret --allow-host iap.test
out=$(python3 - "$url" <<'PY'
import http.client, sys, urllib.parse
u = urllib.parse.urlsplit(sys.argv[1])
def status(method, path, headers):
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    c.request(method, path, body=b"" if method != "GET" else None, headers=headers)
    r = c.getresponse()
    r.read()
    return r.status
auth = {"Authorization": "Bearer s3cret"}
print(status("GET", "/iap/v1/status", {}), status("GET", "/iap/v1/status", {"Authorization": "bearer s3cret"}),
      status("GET", "/iap/v1/status?access_token=s3cret", {}), status("POST", "/iap/v1/clear", {"Content-Type": "text/plain", **auth}),
      status("POST", "/iap/v1/clear", {"X-IAP-Request": "1", **auth}), status("GET", "/iap/v1/status", {"Host": "iap.test:8080", **auth}),
      status("GET", "/iap/v1/status", {"Host": "rebound.example", **auth}), status("GET", "/", {}))
PY
)
expect_out "401 200 200 403 200 200 421 200"
finish
