#!/usr/bin/env bash
# Reliability: hostile input. Malformed catalogs, malformed state files and absurd
# arguments never crash iap: each gets one-line reasons on stderr and the documented exit
# status, and a bad state file is never overwritten.
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

# catalog_case NAME FILE STATUS [MESSAGE]: every command that reads the catalog fails with
# STATUS (and MESSAGE in stderr), and buying creates no state. Catalog formats share this
# table: when .storekit catalogs land, their hostile files go through the same function
# (e.g. `catalog_case "truncated .storekit" cut.storekit 65`).
catalog_case() {
  local name=$1 file=$2 expected=$3 message=${4:-}
  current="catalog: $name"
  for cmd in "products list" "products fetch com.example.fakegame.rocket_car" "buy com.example.fakegame.rocket_car"; do
    # shellcheck disable=SC2086
    run --catalog "$file" $cmd
    clean_failure "$expected"
    [ -z "$message" ] || expect_err_has "$message"
  done
  [ ! -e .iap ] && ok || not_ok "a purchase with a bad catalog created state"
}

scenario "malformed catalogs"
# The huge files' size: 50 MB at full size, 8 MB in a quick run (a debug build reads slowly).
huge_mb=$(scaled 8 50)
HUGE_MB=$huge_mb python3 - <<'PY'
import plistlib, struct
good = open("catalog.plist", "rb").read()
data = plistlib.loads(good)
open("truncated.plist", "wb").write(good[: len(good) // 2])
binary = plistlib.dumps(data, fmt=plistlib.FMT_BINARY)
open("truncated-binary.plist", "wb").write(binary[: len(binary) - 40])
open("empty.plist", "wb").write(b"")
open("root-array.plist", "wb").write(plistlib.dumps([1, 2]))
open("products-string.plist", "wb").write(plistlib.dumps({"products": "all of them"}))
wrong = {"products": [{"id": 5, "type": True, "title": [], "description": {}, "price": "1,99"}]}
open("wrong-types.plist", "wb").write(plistlib.dumps(wrong))
dup = {"products": [data["products"][0], data["products"][1], data["products"][0]]}
open("duplicates.plist", "wb").write(plistlib.dumps(dup))
n = 100_000
open("deep-xml.plist", "w").write('<plist version="1.0">' + "<array>" * n + "</array>" * n + "</plist>")
open("deep-dict.plist", "w").write('<plist><dict>' + "<key>k</key><dict>" * 5000 + "</dict>" * 5000 + "</dict></plist>")
# Binary: object i is an array holding object i + 1; and an array holding itself.
def bplist(objects, top=0):
    body, offsets = b"bplist00", []
    for o in objects:
        offsets.append(len(body)); body += o
    table = len(body)
    body += b"".join(struct.pack(">I", o) for o in offsets)
    return body + b"\0" * 6 + bytes([4, 4]) + struct.pack(">QQQ", len(objects), top, table)
deep = [b"\xa1" + struct.pack(">I", i + 1) for i in range(n - 1)] + [b"\x08"]
open("deep-binary.plist", "wb").write(bplist(deep))
open("cycle-binary.plist", "wb").write(bplist([b"\xa1" + struct.pack(">I", 0)]))
# Sharing: each array holds the next one twice, 2^60 leaves from 61 objects.
shared = [b"\xa2" + struct.pack(">II", i + 1, i + 1) for i in range(60)] + [b"\x09"]
open("shared-binary.plist", "wb").write(bplist(shared))
open("bad-refs-binary.plist", "wb").write(bplist([b"\xa1" + struct.pack(">I", 99)]))
import os
open("garbage.plist", "wb").write(os.urandom(4096))
open("bplist-garbage.plist", "wb").write(b"bplist00" + os.urandom(4096))
open("bad-utf8.plist", "wb").write(good.replace(b"Rocket Car", b"Rocket \xff\xfe Car"))
# HUGE_MB of garbage after a plausible start; and a valid catalog carrying such a string.
huge = int(os.environ["HUGE_MB"]) * 1024 * 1024
with open("huge-garbage.plist", "wb") as f:
    f.write(b'<?xml version="1.0"?><plist><dict><key>products</key><array>')
    f.write(b"<dict><key>id</key><strin" * (huge // 25))
big = dict(data, padding="x" * huge)
open("huge-valid.plist", "wb").write(plistlib.dumps(big))
PY
catalog_case "truncated XML" truncated.plist 65 "truncated.plist: not a property list"
catalog_case "truncated binary" truncated-binary.plist 65 "not a property list"
catalog_case "empty file" empty.plist 65 "empty document"
catalog_case "root is an array" root-array.plist 65 "expected a dictionary at the root, got an array"
catalog_case "products is a string" products-string.plist 65 'products: expected an array of product dictionaries, got "all of them"'
catalog_case "every field of the wrong type" wrong-types.plist 65 "products[0]: price: expected a decimal number"
[ "$(printf '%s\n' "$err" | grep -c '^error: ')" -ge 5 ] && ok || not_ok "not every problem was reported"
catalog_case "duplicate ids" duplicates.plist 65 "products[2] (com.example.fakegame.extra_lives): id: duplicate of products[0]"
catalog_case "100,000 nested arrays" deep-xml.plist 65 "nested deeper than 100 levels"
catalog_case "5,000 nested dictionaries" deep-dict.plist 65 "nested deeper than 100 levels"
catalog_case "100,000 nested binary arrays" deep-binary.plist 65 "nested deeper than 100 levels"
catalog_case "a binary array holding itself" cycle-binary.plist 65 "reference cycle"
catalog_case "binary sharing that expands to 2^60 values" shared-binary.plist 65 "more than 20000000 values"
catalog_case "binary reference out of range" bad-refs-binary.plist 65 "reference to object 99"
catalog_case "random bytes" garbage.plist 65 "not a property list"
catalog_case "bplist00 then random bytes" bplist-garbage.plist 65 "not a property list"
catalog_case "invalid UTF-8 in a string" bad-utf8.plist 65 "invalid UTF-8"
catalog_case "$huge_mb MB of garbage" huge-garbage.plist 65 "not a property list"
catalog_case "a folder" . 66 "is a folder, not a file"
catalog_case "missing" nowhere.plist 66 "catalog not found: nowhere.plist"
current="catalog: $huge_mb MB and valid"
run --catalog huge-valid.plist products fetch com.example.fakegame.rocket_car
expect_status 0
expect_err "warning: huge-valid.plist: padding: unknown key (ignored)"

scenario "malformed state files: 74, one line, and the files are left as they were"
iap buy com.example.fakegame.rocket_car >/dev/null
cp -p .iap/store.json good.json
cp -p .iap/transactions.log good.log
# state_case NAME [MESSAGE]: MESSAGE is what the error says (damage found in a log record
# names its byte; other unreadable files say they were left untouched).
state_case() {
  local name=$1 message=${2:-it was left untouched}
  current="state: $name"
  cp -p .iap/store.json before.json 2>/dev/null || true
  cp -p .iap/transactions.log before.log 2>/dev/null || true
  for cmd in "queue" "buy com.example.fakegame.extra_lives" "finish 1" "finish --all" "restore" "history"; do
    # shellcheck disable=SC2086
    run $cmd
    clean_failure 74
    expect_err_has "$message"
  done
  { [ ! -f before.json ] || cmp -s before.json .iap/store.json; } && ok || not_ok "store.json was changed"
  { [ ! -f before.log ] || cmp -s before.log .iap/transactions.log; } && ok || not_ok "transactions.log was changed"
  rm -f before.json before.log
  cp -p good.json .iap/store.json
  cp -p good.log .iap/transactions.log
  rm -f .iap/damaged # as the doctor's repair would, once the files are whole again
}
head -c 40 good.json >.iap/store.json; state_case "store.json truncated"
head -c 3000 /dev/urandom >.iap/store.json; state_case "store.json is random bytes"
printf '{"format":1,"logOffset":"all","nextId":"2","accounts":{}}' >.iap/store.json; state_case "store.json with wrong types"
printf '{"format":7,"logOffset":0,"nextId":"1","accounts":{}}' >.iap/store.json; state_case "store.json from a future format"
python3 -c "print('['*100000 + ']'*100000)" >.iap/store.json; state_case "store.json nested 100,000 deep"
sed 's/"nextId":"2"/"nextId":"99999999999999999999999"/' good.json >.iap/store.json; state_case "nextId beyond 2^64"
sed 's/"nextId":"2"/"nextId":"18446744073709551615"/' good.json >.iap/store.json; state_case "nextId 2^64-1"
python3 -c "import json; d=json.load(open('good.json')); d['logOffset']=10**6; print(json.dumps(d))" >.iap/store.json
state_case "store.json covering more log than there is"
printf '{"id":"18446744073709551615"}\n' >>.iap/transactions.log; state_case "a log record beyond store.json with id 2^64-1" "is damaged at byte"
python3 - <<'PY'
log = open("good.log", "rb").read()
# The first transaction record (the log also holds store events).
record = next(line for line in log.split(b"\n") if b'"id":"1"' in line)
bad = record.replace(b'"id":"1"', b'"id":"18446744073709551615"')
open(".iap/transactions.log", "wb").write(log + bad + b"\n")
PY
state_case "a complete record with id 2^64-1 to replay" "is damaged at byte"
printf 'not json\n' >>.iap/transactions.log; state_case "a garbage record to replay" "is damaged at byte"
rm .iap/store.json; mkdir .iap/store.json; state_case "store.json is a folder"
rm -rf .iap/store.json; cp -p good.json .iap/store.json
current="state: intact again"
run queue
expect_status 0
expect_out_has "#1  purchased  com.example.fakegame.rocket_car"

scenario "absurd arguments"
long=$(head -c 10240 /dev/zero | tr '\0' 'a')
one_line_error() { clean_failure "$1"; [ "$(printf '%s\n' "$err" | wc -l)" -le 3 ] && ok || not_ok "more than one error"; }
run buy com.example.fakegame.extra_lives --quantity 99999999999999999999
one_line_error 64
expect_err_has "99999999999999999999 is outside the integer range"
run buy com.example.fakegame.extra_lives --quantity=-99999999999999999999
one_line_error 64
run buy com.example.fakegame.extra_lives --quantity 9223372036854775807
expect_status 1
expect_err_has "paymentInvalid (3): quantity 9223372036854775807 is outside 1-10"
run buy com.example.fakegame.extra_lives --quantity 1e3
one_line_error 64
run buy ""
expect_status 1
expect_err "error: purchase failed: storeProductNotAvailable (5): product '' is not in the catalog"
run buy "$long"
expect_status 1
[ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && ok || not_ok "a 10 kB id gave more than one line"
run buy $'\xff\xfe\x80'
expect_status 1
expect_err_has "storeProductNotAvailable"
run buy $'two\nlines\x1b[31m'
expect_status 1
expect_err "error: purchase failed: storeProductNotAvailable (5): product 'two\\nlines\\u{1B}[31m' is not in the catalog"
run finish ""
one_line_error 1
run finish 99999999999999999999999
one_line_error 1
run finish -- -1
one_line_error 1
run products list --locale "$long"
one_line_error 64
run --state "" queue
one_line_error 64
expect_err_has "invalid value for '--state <dir>': empty"
run --catalog "" products list
one_line_error 64
run "$long"
one_line_error 64
run buy com.example.fakegame.extra_lives "--$long"
one_line_error 64
run queue --json
expect_status 0
expect_json 'len(d["transactions"])' 5

# A state file or a fixed temporary name replaced by a symlink must not make `buy` write
# outside the state folder (the secret into a 0644 file).
scenario "links planted in the state folder are never written through"
outside=$(mktemp "$scratch/outside.XXXXXX")
echo "keep me" >"$outside"
for name in transactions.log notifications.log store.json.tmp secret.tmp settings.json.tmp clock.json.tmp deliveries.json.tmp; do
  rm -rf .iap
  iap buy com.example.fakegame.rocket_car --finish >/dev/null
  ln -sf "$outside" ".iap/$name"
  iap buy com.example.fakegame.extra_lives --finish >/dev/null 2>&1
  iap settings set locale en_GB >/dev/null 2>&1
  iap clock set 2030-01-01T00:00:00Z >/dev/null 2>&1
  expect_same "$(cat "$outside")" "keep me" "the file $name pointed to"
  [ ! -e .iap/secret ] || [ ! -L .iap/secret ] && ok || not_ok "secret became a link ($name)"
done
rm -rf .iap
iap buy com.example.fakegame.rocket_car >/dev/null
ln -sf "$outside" .iap/transactions.log
run buy com.example.fakegame.extra_lives
clean_failure 74
expect_err_has "transactions.log is a symbolic link, and iap does not follow links to its own files"
mkdir elsewhere
rm -rf .iap && ln -s elsewhere .iap
run buy com.example.fakegame.extra_lives
clean_failure 74
expect_err_has ".iap is a symbolic link: iap keeps its files only in a real folder"
expect_same "$(ls elsewhere)" "" "the folder the state link points to"

# `downloads/` or `downloading/` as a link must not let `download start` delete and write
# outside the state.
scenario "download folders that are links are refused"
mkdir -p content victim
printf 'level\n' >content/one.txt
echo "precious" >victim/levels
python3 -c "
import plistlib
plistlib.dump({'products': [{'id': 'levels', 'type': 'nonConsumable', 'title': 'L', 'description': 'D', 'price': '1', 'content': 'content'}]}, open('catalog.plist', 'wb'))"
iap buy levels --finish >/dev/null 2>&1
for folder in downloads downloading; do
  rm -rf ".iap/$folder"
  ln -s "$PWD/victim" ".iap/$folder"
  run download start levels
  clean_failure 74
  expect_err_has "$folder is a symbolic link"
  expect_same "$(ls victim) $(cat victim/levels)" "levels precious" "the folder $folder pointed to"
  rm ".iap/$folder"
done
run download start levels
expect_status 0

# Numbers past what 64 bits hold must be refused, not trap (exit 132).
scenario "prices, quantities and dates past 64 bits are refused, never a trap"
python3 -c "
import plistlib; d = plistlib.load(open('catalog.plist', 'rb'))
d['products'][0]['price'] = '9223372036854776'; plistlib.dump(d, open('huge-price.plist', 'wb'))"
run --catalog huge-price.plist catalog lint
expect_status 65
expect_out_has "huge-price.plist: 1 error, 0 warnings"
expect_err_has "price: expected a price of at most 9223372036854775.807"
run --catalog huge-price.plist buy com.example.fakegame.extra_lives
clean_failure 65
run --catalog huge-price.plist buy com.example.fakegame.extra_lives --json
expect_status 65
expect_json 'd["error"]["exitCode"]' 65
run buy com.example.fakegame.extra_lives --quantity 9223372036854775808
clean_failure 64
expect_err_has "9223372036854775808 is outside the integer range"
iap buy com.example.fakegame.pro.monthly >/dev/null
for _ in 1 2 3; do
  run clock advance 1000000y
  clean_failure 64
done
run clock set 9999-12-31T23:59:59-01:00
clean_failure 64
run queue --json
expect_status 0
expect_json 'len(d["transactions"])' 1

# Endless inputs must not grow memory without bound, nor a FIFO with no writer as the
# catalog block for ever.
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

# A slow server or a huge clock jump must not keep the state locked for hours.
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

scenario "a clock jump that would make too many renewals is refused at once, and the state stays usable"
iap clock set 2026-01-01T00:00:00Z >/dev/null
iap buy com.example.fakegame.pro.monthly --finish >/dev/null
# The budget is 250,000 events (a monthly subscription cannot reach it before the year 9999):
# lowered here to what it was when this was written.
export IAP_EVENT_BUDGET=10000
run clock advance 2000y
clean_failure 64
expect_err_has "more than 10000 subscription renewals"
unset IAP_EVENT_BUDGET
run clock
expect_out_has "2026-01-01T00:00:00Z"
run clock advance 10y
expect_status 0
run queue --json
expect_json 'len(d["transactions"])' 120

# On a full disk a buy must not exit 74 yet be kept (a retry would buy twice), nor SIGXFSZ
# kill iap half-way under `ulimit -f`.
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

# A flipped newline in the part of the log store.json covers must not let queue and buy go
# on appending while history fails, nor a record with quantity -2^63 be accepted.
scenario "a damaged record stops every command until the doctor salvages the rest"
for _ in 1 2 3; do iap buy com.example.fakegame.extra_lives --finish >/dev/null; done
python3 - <<'PY2'
log = bytearray(open(".iap/transactions.log", "rb").read())
first = log.index(b"\n")
log[first] = ord(" ")  # two records become one line
open(".iap/transactions.log", "wb").write(log)
PY2
run history
clean_failure 74
expect_err_has "transactions.log is damaged at byte 0"
for cmd in queue "buy com.example.fakegame.extra_lives"; do
  # shellcheck disable=SC2086
  run $cmd
  clean_failure 74
done
run doctor
expect_status 74
expect_out_has "byte 0: its checksum does not match"
run doctor --repair
expect_status 0
expect_out_has "kept as transactions.log.damaged-1"
[ -f .iap/transactions.log.damaged-1 ] && ok || not_ok "the damaged log was not kept"
run buy com.example.fakegame.extra_lives --json
expect_status 0
run doctor
expect_status 0
expect_out_has "the state is healthy"

# The same damage, met first by a write: the seal in the lock file shows that something
# other than iap changed the log, so buy reads it whole before appending.
scenario "damage in the part of the log store.json covers stops the next buy"
while [ ! -f .iap/store.json ]; do iap buy com.example.fakegame.extra_lives --finish >/dev/null || break; done
python3 - <<'PY2'
log = bytearray(open(".iap/transactions.log", "rb").read())
log[log.index(b"\n")] = ord("x")
open(".iap/transactions.log", "wb").write(log)
PY2
before=$(cksum <.iap/transactions.log)
run buy com.example.fakegame.extra_lives
clean_failure 74
expect_err_has "transactions.log is damaged at byte 0"
expect_same "$(cksum <.iap/transactions.log)" "$before" "the damaged log after a refused buy"
run queue
clean_failure 74

# A log cut mid-record must not be truncated at the next write and the lost record's id
# given again while its notification stays.
scenario "a log cut mid-record is damage, and the lost id is never given again"
for _ in 1 2 3; do iap buy com.example.fakegame.extra_lives --finish >/dev/null; done
python3 - <<'PY2'
log = open(".iap/transactions.log", "rb").read()
start = log.rindex(b"\n", 0, len(log) - 1) + 1
open(".iap/transactions.log", "wb").write(log[: start + (len(log) - start) // 2])
PY2
last=$(python3 -c 'import json; print(max(int(json.loads(l)["id"]) for l in open(".iap/transactions.log") if l.endswith("\n") and "\"id\"" in l))')
run buy com.example.fakegame.extra_lives
clean_failure 74
expect_err_has "records were cut off"
run doctor
expect_status 74
expect_out_has "records were cut off"
run doctor --repair
expect_status 0
run buy com.example.fakegame.extra_lives --finish --json
expect_status 0
expect_json 'int(d["transactions"][-1]["id"]) > '"$((last + 1))" True

scenario "a hard link or a FIFO planted as a state file is refused, never written or waited on"
outside=$(mktemp "$scratch/outside.XXXXXX")
echo "keep me" >"$outside"
iap buy com.example.fakegame.rocket_car >/dev/null
rm .iap/notifications.log && ln "$outside" .iap/notifications.log
run buy com.example.fakegame.extra_lives
clean_failure 74
expect_err_has "notifications.log has other hard links, and iap writes only to files of its own"
expect_same "$(cat "$outside")" "keep me" "the file the hard link shares"
rm .iap/notifications.log .iap/store.json 2>/dev/null
mkfifo .iap/store.json
run queue
clean_failure 74
expect_err_has "store.json is not a regular file"

scenario "impossible values in a record are damage"
iap buy com.example.fakegame.extra_lives >/dev/null
python3 - <<'PY2'
import json, zlib
lines = open(".iap/transactions.log", "rb").read().split(b"\n")[:-1]
record = json.loads(lines[-1])
record.pop("crc")
record["quantity"] = -2**63
body = json.dumps(record, separators=(",", ":")).encode()
lines[-1] = body[:-1] + b',"crc":' + str(zlib.crc32(body)).encode() + b"}"
open(".iap/transactions.log", "wb").write(b"\n".join(lines) + b"\n")
PY2
rm .iap/store.json
run queue
clean_failure 74
expect_err_has "bad or missing 'quantity'"

scenario "state files are private whatever the umask"
(umask 000 && iap buy com.example.fakegame.rocket_car >/dev/null)
expect_same "$(stat -c %a .iap) $(stat -c %a .iap/store.json) $(stat -c %a .iap/transactions.log) $(stat -c %a .iap/lock)" "700 600 600 600" "modes"

# `reset` must not delete everything in any folder the user owns.
scenario "reset refuses every folder that is not an iap state, in every spelling, and deletes nothing"
mkdir -p decoy/sub home && echo keep >decoy/notes.txt && echo keep >decoy/sub/file && echo keep >home/.profile
echo keep >decoy/store.json  # an iap name among foreign ones
for spelling in decoy decoy/ ./decoy "$PWD/decoy" "$PWD/decoy/" decoy/sub/.. . "$PWD" home; do
  run reset --state "$spelling"
  clean_failure 74
  expect_err_has "is not an iap state folder"
done
IAP_STATE=decoy run reset
clean_failure 74
(cd decoy && run reset --state . && [ "$status" = 74 ]) && ok || not_ok "reset --state . inside the decoy"
expect_same "$(cat decoy/notes.txt decoy/sub/file decoy/store.json home/.profile | tr '\n' ' ')" "keep keep keep keep " "the decoys' files"
[ ! -e decoy/lock ] && [ ! -e home/lock ] && ok || not_ok "reset made a lock in a foreign folder"
# A folder holding only iap's names but no marker and no lock (a config folder, say).
mkdir conf && echo '{}' >conf/settings.json
run reset --state conf
clean_failure 74
expect_err_has "no 'iap-state' marker and no 'lock'"
[ -f conf/settings.json ] && ok || not_ok "settings.json of a foreign folder was deleted"
# iap's own state: marked when made; reset clears it, keeping the lock and the marker.
iap buy com.example.fakegame.extra_lives >/dev/null
[ -f .iap/iap-state ] && ok || not_ok "a new state has no marker"
run reset
expect_status 0
expect_same "$(ls .iap | tr '\n' ' ')" "iap-state lock " "what reset leaves"
# A file of the user's inside the state: refused whole, nothing deleted.
iap buy com.example.fakegame.extra_lives >/dev/null
echo mine >.iap/mine.txt
run reset
clean_failure 74
expect_err_has "it holds 'mine.txt'"
[ -f .iap/transactions.log ] && [ -f .iap/mine.txt ] && ok || not_ok "a refused reset deleted files"
rm .iap/mine.txt
# A state made before the marker (no iap-state, but its lock) is still reset, and marked.
rm .iap/iap-state
run reset
expect_status 0
expect_same "$(ls .iap | tr '\n' ' ')" "iap-state lock " "a state from before the marker, reset"
# Namespaces: the same rule.
iap --namespace alpha buy com.example.fakegame.extra_lives >/dev/null
echo mine >.iap/namespaces/alpha/mine.txt
"$IAP_BIN" serve --port 0 >"$scratch/ns.url" 2>"$scratch/ns.err" &
server=$!
for _ in $(seq 50); do [ -s "$scratch/ns.url" ] && break; sleep 0.1; done
url=$(head -1 "$scratch/ns.url")
code=$(python3 -c 'import sys, urllib.request
try:
    urllib.request.urlopen(urllib.request.Request(sys.argv[1] + "/ns/alpha/iap/v1", method="DELETE", headers={"X-IAP-Request": "1"})); print(200)
except urllib.error.HTTPError as e: print(e.code, e.read().decode())' "$url")
kill "$server"; wait "$server" 2>/dev/null
case "$code" in "409 "*notAState*) ok ;; *) not_ok "deleting a namespace holding a foreign file: $code" ;; esac
[ -f .iap/namespaces/alpha/transactions.log ] && ok || not_ok "a refused namespace deletion deleted files"

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

# The seal (with the next id) must not live only in `lock`, or deleting it would let an id
# be given again.
scenario "deleting lock after a repair or a cut log never gives an id again"
for _ in 1 2 3; do iap buy com.example.fakegame.extra_lives --finish >/dev/null; done
python3 - <<'PY2'
lines = open(".iap/transactions.log", "rb").read().split(b"\n")
lines[-2] = lines[-2].replace(b'"', b"'", 1)  # the last record damaged: the repair drops it
open(".iap/transactions.log", "wb").write(b"\n".join(lines))
PY2
last=$(python3 -c 'import json; print(max(int(json.loads(l)["id"]) for l in open(".iap/transactions.log") if l.startswith("{") and "\"id\"" in l))')
iap doctor --repair >/dev/null
rm .iap/lock
run buy com.example.fakegame.extra_lives --finish --json
expect_status 0
expect_json 'int(d["transactions"][-1]["id"]) > '"$((last + 1))" True
# A log that lost records past store.json, then lock deleted: still damage, never a reused id.
for _ in 1 2 3; do iap buy com.example.fakegame.extra_lives --finish >/dev/null; done
python3 - <<'PY2'
log = open(".iap/transactions.log", "rb").read()
open(".iap/transactions.log", "wb").write(log[: log.rindex(b"\n", 0, len(log) - 1) + 1])
PY2
rm .iap/lock
run buy com.example.fakegame.extra_lives
clean_failure 74
expect_err_has "records were cut off"
rm .iap/lock
run doctor
expect_status 74
expect_out_has "records were cut off"

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
