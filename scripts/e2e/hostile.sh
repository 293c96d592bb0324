#!/usr/bin/env bash
# Reliability: hostile input that needs real processes and shells (devices and FIFOs, a server
# that drips bytes, stalled standard input, file size limits and full disks, the umask,
# read-only mounts, a reset while a download runs) never crashes iap: each gets one-line
# reasons on stderr and the documented exit status. Hostile input that needs no process of
# its own (malformed catalogs and state files, absurd arguments, planted links, damaged logs,
# reset of foreign folders) is tested in process by the Swift tests in the Hostile folder.
source "$(dirname "$0")/lib.sh"

# clean_failure STATUS: the last run exited STATUS, printed diagnostics only as `error:` or
# `warning:` lines (at least one error; usage errors add the usage line and the hint to
# help), nothing on stdout, and did not crash.
clean_failure() {
  expect_status "$1"
  [ -z "$out" ] && ok || not_ok "stdout not empty"
  if [ -n "$err" ] && printf '%s\n' "$err" | grep -q '^error: ' &&
    ! printf '%s\n' "$err" | grep -qv -e '^error: ' -e '^warning: ' -e '^usage: iap ' -e "^  See 'iap .*--help' for more information.$"; then
    ok
  else
    not_ok "stderr is not one-line error/warning diagnostics"
  fi
  case "$err" in *"Fatal error"* | *"Crash"* | *"Backtrac"*) not_ok "a Swift runtime trap" ;; *) ok ;; esac
}

# Endless inputs must not grow memory without bound, nor a FIFO with no writer as the catalog
# block for ever.
scenario "endless and blocking inputs are refused within bounds"
mkfifo fifo
for cmd in "--catalog /dev/zero products list" "products fetch --ids-from /dev/zero" "receipt verify --data /dev/zero"; do
  # shellcheck disable=SC2086
  run $cmd
  clean_failure 66
  expect_err_has "/dev/zero: is a device, not a file"
done
run --catalog fifo products list
clean_failure 65
(ulimit -v 1000000 && head -c 100000000 /dev/zero | "$IAP_BIN" receipt verify --data - >out 2>err)
expect_same "$? $(cat err)" "65 error: standard input: longer than 64 MiB, the most iap reads from one input" "endless stdin"
(ulimit -v 1000000 && "$IAP_BIN" jws decode - </dev/zero >out 2>err)
expect_same "$?" 65 "jws decode of /dev/zero"

# A slow server must not keep the state locked: a delivery round runs outside the lock, within
# a deadline.
scenario "a server that drips one byte every 4 s costs one bounded round, outside the lock"
python3 "$ROOT/scripts/e2e/tools/drip_server.py" port 4 &
drip=$!
for _ in $(seq 50); do [ -s port ] && break; sleep 0.1; done
iap settings set notification-url "http://127.0.0.1:$(cat port)/asn" >/dev/null
start=$(date +%s)
iap buy com.example.fakegame.rocket_car --finish >buy.out 2>buy.err &
buyer=$!
sleep 1
run queue
expect_status 0
queue_seconds=$(($(date +%s) - start))
[ "$queue_seconds" -le 3 ] && ok || not_ok "queue waited $queue_seconds s for the delivery round"
wait "$buyer"
status=$?
buy_seconds=$(($(date +%s) - start))
expect_same "$status" 0 "buy's status"
[ "$buy_seconds" -le 8 ] && ok || not_ok "buy took $buy_seconds s"
grep -q "no answer within 5 seconds for the whole delivery); 1 pending" buy.err && ok || not_ok "no deadline warning: $(cat buy.err)"
kill "$drip" 2>/dev/null

# On a full disk or past `ulimit -f` a buy fails with 74 and stores nothing (a purchase kept
# though reported failed would be bought twice by a retry), and SIGXFSZ does not kill iap
# half-way.
# fill_up: buys until one fails (its status and reason in $scratch/fill.*), then, outside
# the limit (check_filled), checks that every purchase reported is kept, and no failed one.
fill_up() {
  local reported=0 i status=0
  for i in $(seq 400); do
    "$IAP_BIN" buy com.example.fakegame.extra_lives --finish >/dev/null 2>"$scratch/fill.err" || { status=$?; break; }
    reported=$((reported + 1))
  done
  echo "$status $reported" >"$scratch/fill.out"
}
check_filled() {
  read -r status reported <"$scratch/fill.out"
  expect_same "$status" 74 "the status of the buy that found no room"
  grep -q -e "No space left on device" -e "File too large" "$scratch/fill.err" && ok || not_ok "no reason given: $(cat "$scratch/fill.err")"
  run history --json
  expect_json 'len(d["transactions"])' "$reported"
  run notifications --json
  expect_json 'len(d["notifications"])' "$reported"
  ls .iap | grep -q '\.tmp' && not_ok "temporaries left: $(ls .iap)" || ok
}
scenario "a file size limit fails a buy cleanly, storing nothing"
(ulimit -f 48 && fill_up)
check_filled
scenario "a full disk fails a buy cleanly, storing nothing"
if [ "$(id -u)" = 0 ] && mkdir tiny && mount -t tmpfs -o size=96k tmpfs tiny 2>/dev/null; then
  cd tiny && cp "$ROOT/catalog.plist" . && fill_up && check_filled
  cd .. && umount tiny
else
  skip "a full disk needs root to mount a small tmpfs"
fi

scenario "state files are private whatever the umask"
(umask 000 && iap buy com.example.fakegame.rocket_car >/dev/null)
expect_same "$(stat -c %a .iap) $(stat -c %a .iap/store.json) $(stat -c %a .iap/transactions.log) $(stat -c %a .iap/lock)" "700 600 600 600" "modes"

# `receipt verify --data -` must not hold the state's lock while its input stalls.
scenario "a buy during a stalled 'receipt verify --data -' finishes at once"
iap buy com.example.fakegame.extra_lives >/dev/null
mkfifo stalled
(exec sleep 30 >stalled) &
writer=$!
"$IAP_BIN" receipt verify --data - <stalled >/dev/null 2>&1 &
verifier=$!
"$IAP_BIN" receipt verify --data stalled >/dev/null 2>&1 &
verifier2=$!
sleep 0.5
start=$(date +%s%N)
run buy com.example.fakegame.extra_lives
elapsed=$((($(date +%s%N) - start) / 1000000))
expect_status 0
[ "$elapsed" -lt 5000 ] && ok || not_ok "the buy waited ${elapsed} ms for the stalled verify"
kill "$writer" "$verifier" "$verifier2" 2>/dev/null
wait 2>/dev/null

scenario "doctor --repair on a full disk keeps one copy of the damaged log however often it is retried"
if [ "$(id -u)" = 0 ] && mkdir tiny && mount -t tmpfs -o size=96k tmpfs tiny 2>/dev/null; then
  cd tiny && cp "$ROOT/catalog.plist" . && fill_up
  python3 - <<'PY2'
log = bytearray(open(".iap/transactions.log", "rb").read())
log[log.index(b"\n")] = ord(" ")
open(".iap/transactions.log", "wb").write(log)
PY2
  for _ in 1 2 3; do
    run doctor --repair
    clean_failure 74
  done
  expect_err_has "No space left on device"
  expect_same "$(ls .iap | grep -c damaged-)" 1 "copies of the damaged log after three failed repairs"
  mount -o remount,size=2m "$PWD" 2>/dev/null
  run doctor --repair
  expect_status 0
  expect_out_has "kept as transactions.log.damaged-1"
  expect_same "$(ls .iap | grep -c damaged-)" 1 "copies of the damaged log after the repair"
  cd .. && umount tiny
else
  skip "a full disk needs root to mount a small tmpfs"
fi

scenario "doctor examines a read-only state"
if [ "$(id -u)" = 0 ] && mkdir ro && mount -t tmpfs -o size=1m tmpfs ro 2>/dev/null; then
  cd ro && cp "$ROOT/catalog.plist" . && iap buy com.example.fakegame.extra_lives >/dev/null
  mount -o remount,ro "$PWD"
  run doctor
  expect_status 0
  expect_out_has "the state is healthy"
  run doctor --repair
  clean_failure 74
  expect_err_has "Read-only file system"
  run queue
  expect_status 0
  cd .. && umount ro
else
  iap buy com.example.fakegame.extra_lives >/dev/null
  chmod 500 .iap && chmod 400 .iap/lock
  run doctor
  expect_status 0
  expect_out_has "the state is healthy"
  chmod 700 .iap && chmod 600 .iap/lock
fi

scenario "a download stopped by reset says that reset stopped it"
mkdir content && head -c 40000 /dev/urandom >content/map.bin
python3 -c 'import plistlib; plistlib.dump({"products": [{"id": "map", "type": "nonConsumable", "title": "Map", "description": "A map", "price": "0.99", "content": "content/map.bin"}]}, open("catalog.plist", "wb"))'
iap buy map >/dev/null
"$IAP_BIN" download start 1 --rate 10KB/s --json >map.jsonl 2>map.err &
downloader=$!
for _ in $(seq 50); do grep -q progress map.jsonl 2>/dev/null && break; sleep 0.1; done
iap reset >/dev/null
wait $downloader
status=$?
expect_status 1
err=$(cat map.err)
expect_err_has "the state was reset ('iap reset') while it copied, and what was copied is removed"
case "$err" in *"download cancel"*) not_ok "it still names download cancel" ;; *) ok ;; esac

finish
