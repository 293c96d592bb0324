#!/usr/bin/env bash
# Reliability: many processes on one state folder at once. Every purchase gets
# its own id, history and queue agree, and no record is torn.
source "$(dirname "$0")/lib.sh"

# check_state: every log line is one complete JSON record, store.json covers the log but for
# a short tail (it is rewritten every 8 KB of log, and loads replay the rest), and the ids
# are 1...n.
check_state() {
  python3 - "$1" <<'PY' >"$scratch/check" 2>&1
import json, os, sys
folder = sys.argv[1]
log = open(os.path.join(folder, "transactions.log"), "rb").read()
assert log.endswith(b"\n"), "the log ends in a torn record"
records = [json.loads(line) for line in log.split(b"\n")[:-1]]
snapshot = json.load(open(os.path.join(folder, "store.json")))
covered = snapshot["logOffset"]
assert covered <= len(log) and log[covered - 1:covered] == b"\n", f"store.json covers {covered} of {len(log)} bytes"
assert len(log) - covered < 8192 + 4096, f"store.json lags {len(log) - covered} bytes behind the log"
latest = {}
for r in records:
    if "event" in r:
        continue  # a store event (a receipt update, a subscription's status), not a transaction
    latest[int(r["id"])] = r
assert sorted(latest) == list(range(1, len(latest) + 1)), "ids are not 1...n"
print(len(latest))
PY
}

PER=$(scaled 25 100)
TOTAL=$((8 * PER))
scenario "8 processes x $PER purchases on one folder: $TOTAL distinct transactions"
for worker in 1 2 3 4 5 6 7 8; do
  (for n in $(seq 1 "$PER"); do iap buy com.example.fakegame.extra_lives --json >>"bought.$worker" || echo "status $?" >>failures; done) &
done
wait
[ ! -e failures ] && ok || not_ok "some purchases failed: $(sort failures | uniq -c)"
# What each process was told: PER documents each, TOTAL distinct ids in all.
python3 - "$PER" bought.* <<'PY' >told 2>&1
import json, sys
per, ids = int(sys.argv[1]), []
for name in sys.argv[2:]:
    text = open(name).read()
    decoder, at, docs = json.JSONDecoder(), 0, 0
    while at < len(text.rstrip()):
        doc, at = decoder.raw_decode(text, at)
        while at < len(text) and text[at].isspace(): at += 1
        ids.append(doc["transactions"][1]["id"]); docs += 1
    assert docs == per, f"{name}: {docs} purchases reported"
print(len(ids), len(set(ids)), sorted(map(int, ids)) == list(range(1, 8 * per + 1)))
PY
expect_same "$(cat told)" "$TOTAL $TOTAL True" "ids reported to the 8 processes"
run history --json
expect_json 'len(d["transactions"]), len({t["id"] for t in d["transactions"]})' "$TOTAL $TOTAL"
expect_json "sorted(int(t['id']) for t in d['transactions']) == list(range(1, $TOTAL + 1))" "True"
history_unfinished=$(json 'sorted(t["id"] for t in d["transactions"] if t["state"] == "purchased")')
run queue --json
expect_json 'len(d["transactions"])' "$TOTAL"
expect_same "$(json 'sorted(t["id"] for t in d["transactions"])')" "$history_unfinished" "queue and history"
check_state .iap && ok || not_ok "state check: $(cat "$scratch/check")"

scenario "buy, buy --finish, finish and restore in parallel"
iap buy com.example.fakegame.unlock_maps --finish >/dev/null
iap buy com.example.fakegame.pro.monthly --finish >/dev/null
for worker in 1 2 3; do
  (for n in $(seq 1 25); do iap buy com.example.fakegame.extra_lives >/dev/null; iap buy com.example.fakegame.coins_1000 --finish >/dev/null; done) &
done
for worker in 1 2; do
  # finish --all exits 1 when another finisher emptied the queue first: that is fine.
  (for n in $(seq 1 30); do iap finish --all >/dev/null 2>&1; [ $? -le 1 ] || echo "finish $?" >>failures; done) &
done
(for n in $(seq 1 15); do iap restore >/dev/null || echo "restore $?" >>failures; done) &
# (No worker moves the clock here: renewals made by a clock move while others buy are not
# raced yet; the subscription scenario tests cover clock moves on their own.)
wait
[ ! -e failures ] && ok || not_ok "commands failed: $(sort failures | uniq -c)"
run history --json
expect_status 0
# 2 + 150 purchases + 30 restored transactions (2 per restore).
expect_json 'len(d["transactions"])' 182
expect_json 'sorted(int(t["id"]) for t in d["transactions"]) == list(range(1, 183))' "True"
expect_json 'sum(t["state"] == "restored" for t in d["transactions"])' 30
check_state .iap && ok || not_ok "state check: $(cat "$scratch/check")"
run history
unfinished=$(printf '%s\n' "$out" | awk '/ unfinished/ { print substr($1, 2) }' | sort -n | tr '\n' ' ')
run queue --json
expect_same "$(json '" ".join(sorted((t["id"] for t in d["transactions"]), key=int))') " "$unfinished" "queue and history's unfinished"
run finish --all
run queue --json
expect_json 'len(d["transactions"])' 0

finish
