#!/usr/bin/env bash
# End-to-end tests of hosted content that need real processes: a purchase's content downloaded
# at a simulated bandwidth, interrupted by Ctrl-C and kill -9 and resumed where it stopped,
# paused, resumed and cancelled from other processes while it runs; finish refused until the
# content is delivered. Every finished download is compared byte for byte with its source.
# Failures on demand, downloads named by transaction id and content paths are tested in Swift
# (DownloadScenarioTests).
source "$(dirname "$0")/lib.sh"

# A catalog with hosted content: `levels` (a folder of a few files, one of 3 MB), `map` (one
# file), and `sword` (a non-consumable without content).
content_scenario() {
  scenario "$1"
  mkdir -p content/levels/sub content/levels/empty
  head -c 3000000 /dev/urandom >content/levels/big.bin
  printf 'level one\n' >content/levels/one.txt
  printf 'level two\n' >content/levels/sub/two.txt
  : >content/levels/zero
  head -c 40000 /dev/urandom >content/map.bin
  python3 - <<'PY'
import plistlib
def product(id, type, content=None):
    p = {"id": id, "type": type, "title": id, "description": "About " + id, "price": "0.99"}
    if content: p["content"] = content
    return p
plistlib.dump({"products": [product("levels", "nonConsumable", "content/levels"),
                            product("map", "nonConsumable", "content/map.bin"),
                            product("sword", "nonConsumable")]}, open("catalog.plist", "wb"))
PY
}

# field ID EXPR: a Python expression over the download's status object (bound to `s`).
field() {
  "$IAP_BIN" download status "$1" --json 2>/dev/null |
    python3 -c "import json,sys; s=json.load(sys.stdin)['downloads'][0]; print($2)"
}

# wait_event FILE EVENT: waits until a downloader's JSON-lines output in FILE has EVENT; 20 s
# at most. Cheap (no process per look), so that a loaded machine still catches a download
# early on.
wait_event() {
  local tries=0
  until grep -q "\"event\":\"$2\"" "$1" 2>/dev/null; do
    tries=$((tries + 1))
    if [ $tries -gt 1000 ]; then not_ok "timed out waiting for a $2 event in $1"; return 1; fi
    sleep 0.02
  done
  ok
}

# same_content: the downloaded folder is byte-identical to the catalog's.
same_content() {
  if diff -r content/levels .iap/downloads/levels >/dev/null && cmp -s content/levels/big.bin .iap/downloads/levels/big.bin; then
    ok
  else
    not_ok "downloads/levels differs from content/levels"
  fi
}

# json_lines FILE: every line of FILE is one JSON object; prints the events' names.
json_lines() { python3 -c "import json,sys; print(' '.join(json.loads(l)['event'] for l in open(sys.argv[1])))" "$1"; }

content_scenario "Ctrl-C and kill -9 stop a download where it is; resume finishes it byte-identical"
run buy levels
expect_status 0
run finish 1
expect_status 1
expect_err_has "transaction 1 cannot be finished: the download of its content (levels) is waiting"
"$IAP_BIN" download start 1 --rate 1MB/s --json >events.jsonl 2>stderr.txt &
pid=$!
wait_event events.jsonl progress
kill -INT $pid
wait $pid
status=$?
expect_status 130
err=$(cat stderr.txt)
expect_err_has "download of 'levels' interrupted at"
expect_err_has "'iap download resume 1' continues from there"
out=$(json_lines events.jsonl)
expect_out_has "started progress"
case "$out" in *interrupted) ok ;; *) not_ok "the stream ends with the interruption" ;; esac
# The product id names the download too.
run download status levels
expect_status 0
expect_out_has "levels  interrupted"
first=$(field 1 's["bytes"]')
expect_same "$(field 1 '0 < s["bytes"] < s["total"] and s["state"] == "active" and not s["running"]')" True "partial progress"
run finish 1
expect_status 1
expect_err_has "is active; let the download complete (resume it if it was interrupted), or cancel it"
# In a subshell whose stderr takes the shell's "Killed" notice.
("$IAP_BIN" download resume 1 --rate 1MB/s --json >resume.jsonl 2>&1 & echo $! >downloader.pid; wait $!) 2>/dev/null &
pid=$!
wait_event resume.jsonl progress
kill -9 "$(cat downloader.pid)"
wait $pid
status=$?
expect_status 137
second=$(field 1 's["bytes"]')
expect_same "$(field 1 "$first < s['bytes'] < s['total']")" True "more progress, still partial"
expect_same "$([ -d .iap/downloads/levels ] && echo present || echo absent)" absent "downloads/ holds only complete content"
run download resume 1 --rate 100MB/s
expect_status 0
expect_out_has "levels  finished  100%  3.0 MB / 3.0 MB  transaction #1"
same_content
run finish 1
expect_status 0

content_scenario "pause, resume and cancel from other processes"
run buy levels
"$IAP_BIN" download start 1 --rate 1MB/s --json >events.jsonl 2>/dev/null &
pid=$!
wait_event events.jsonl progress
run download pause 1
expect_status 0
expect_out_has "levels  paused"
# The downloader says so when it has stopped copying.
wait_event events.jsonl paused
paused_at=$(field 1 's["bytes"]')
sleep 0.5
expect_same "$(field 1 's["bytes"]')" "$paused_at" "a paused download copies nothing"
expect_same "$(field 1 's["running"]')" True "the paused downloader still holds it"
run download resume 1
expect_status 0
expect_out_has "levels  active"
wait $pid
status=$?
expect_status 0
out=$(json_lines events.jsonl)
expect_out_has "paused resumed"
case "$out" in *finished) ok ;; *) not_ok "the stream ends with finished" ;; esac
same_content
run buy map
"$IAP_BIN" download start 2 --rate 10KB/s --json >map.jsonl 2>map.err &
pid=$!
wait_event map.jsonl progress
run download cancel 2
expect_status 0
expect_out_has "map  cancelled    0%  0 B / 40.0 KB  transaction #2"
wait $pid
status=$?
expect_status 1
err=$(cat map.err)
expect_err_has "error: the download of 'map' is cancelled: 'iap download cancel' stopped it, and what was copied is removed"
out=$(json_lines map.jsonl)
case "$out" in *cancelled) ok ;; *) not_ok "the stream ends with cancelled" ;; esac
expect_same "$(ls .iap/downloading)" "$(printf 'levels.json\nlevels.lock\nmap.json\nmap.lock')" "the partial copy is gone"
run finish --all
expect_status 0
expect_out_has "#2  purchased  map"

finish
