#!/usr/bin/env bash
# Reliability: kill -9 at random moments while iap writes, hundreds of times.
# After every kill the state must load, and every command that had reported success (exit 0
# and its output, before the kill) must be in it; `iap doctor` finds every record intact, and
# no notification names a transaction that was not kept. The kill times are spread over a whole
# command's run, measured as the test goes (the load changes), half of them bunched near its end, where it writes.
source "$(dirname "$0")/lib.sh"

scenario "kill -9 at random moments: the state always loads and keeps what was reported"
KILLS=${IAP_CRASH_KILLS:-$(scaled 60 300)}
python3 - "$IAP_BIN" "$KILLS" >"$scratch/crash.log" 2>&1 <<'PY'
import json, os, random, signal, statistics, subprocess, sys, time

iap, kills = sys.argv[1], int(sys.argv[2])
rng = random.Random(int(os.environ.get("IAP_CRASH_SEED", "6")))

def run(*args):
    r = subprocess.run([iap, *args, "--json"], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr

def duration(args):
    # Timed as the kills are: from the moment Popen returns (the child is started by then, and
    # starting it is a good part of a short command's time on a fast machine) to its exit.
    p = subprocess.Popen([iap, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    start = time.perf_counter()
    p.wait()
    return time.perf_counter() - start

# What was reported: transaction id -> the state and finished flag it must have, at least.
purchased, finished = set(), set()
plans = [
    ["buy", "com.example.fakegame.extra_lives"],
    ["buy", "com.example.fakegame.coins_1000", "--finish"],
    ["buy", "com.example.fakegame.unlock_maps"],
    ["finish", "--all"],
    ["restore"],
]
# How long each command takes: its writes come at the end of that. The machine's load changes
# while the test runs (other tests start and end beside it), so the figure follows it: the
# median of the last five measures, one more of each command every 10 runs. A figure taken
# once, under a load that later went away, left most commands finishing before their kill.
recent = [[duration(p) for _ in range(5)] for p in plans]
def typical(i):
    return statistics.median(recent[i][-5:])
killed = completed = interrupted = 0
for n in range(kills):
    i = n % len(plans)
    args = plans[i]
    p = subprocess.Popen([iap, *args, "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # Half the kills anywhere in the run, half near its end, where the writes are.
    d = typical(i)
    time.sleep(rng.uniform(0, 1.3 * d) if n % 2 else rng.uniform(0.75 * d, 1.05 * d))
    p.send_signal(signal.SIGKILL)
    out, err = p.communicate()
    if p.returncode == -signal.SIGKILL:
        killed += 1
        # Did the kill cut a write short? (A torn last record, or a half-made snapshot.)
        try:
            with open(".iap/transactions.log", "rb") as f:
                f.seek(-1, os.SEEK_END)
                torn = f.read(1) != b"\n"
            interrupted += torn or os.path.exists(".iap/store.json.tmp")
        except OSError:
            pass
    else:
        completed += 1
        if p.returncode == 0:
            doc = json.loads(out)
            for t in doc["transactions"]:
                if args[0] == "finish" or "--finish" in args:
                    finished.add(t["id"])
                if t["state"] in ("purchased", "restored"):
                    purchased.add(t["id"])
    # The state loads, whatever the moment of the kill...
    status, out, err = run("history")
    if status != 0:
        sys.exit(f"after kill {n} ({' '.join(args)}): history exited {status}: {err}")
    latest = {t["id"]: t for t in json.loads(out)["transactions"]}
    ids = sorted(int(i) for i in latest)
    if ids != list(range(1, len(ids) + 1)):
        sys.exit(f"after kill {n}: ids are not 1...{len(ids)}: {ids[-5:]}")
    # ...and holds every success that was reported.
    missing = sorted(purchased - latest.keys(), key=int)
    if missing:
        sys.exit(f"after kill {n} ({' '.join(args)}): reported transactions missing: {missing}")
    status, out, err = run("queue")
    if status != 0:
        sys.exit(f"after kill {n}: queue exited {status}: {err}")
    queued = {t["id"] for t in json.loads(out)["transactions"]}
    if queued & finished:
        sys.exit(f"after kill {n}: finished transactions back in the queue: {sorted(queued & finished)}")
    # The queue is what history says is unfinished.
    text = subprocess.run([iap, "history"], capture_output=True, text=True).stdout
    unfinished_in_history = {line.split()[0][1:] for line in text.splitlines() if "unfinished" in line.split()}
    if queued != unfinished_in_history:
        sys.exit(f"after kill {n}: queue {sorted(queued)} != history's unfinished {sorted(unfinished_in_history)}")
    # Every record of both logs is intact (a torn last line is a crash's, not damage), and
    # every notification belongs to a transaction that was kept.
    if n % 10 == 0:
        status, out, err = run("doctor")
        if status != 0:
            sys.exit(f"after kill {n} ({' '.join(args)}): doctor exited {status}: {out} {err}")
        status, out, err = run("notifications")
        sent = {n["transactionId"] for n in json.loads(out)["notifications"]} if status == 0 else None
        if sent is None or not sent <= set(latest):
            sys.exit(f"after kill {n}: notifications of transactions that do not exist: {sorted(sent - set(latest), key=int) if sent else err}")
    # Keep the queue short, as an app would.
    if n % 25 == 24:
        subprocess.run([iap, "finish", "--all"], capture_output=True)
    # Measure again, once this kill's aftermath is checked: the runs write too.
    if n % 10 == 9:
        for j, plan in enumerate(plans):
            recent[j].append(duration(plan))
print(f"{kills} runs: {killed} killed mid-run ({interrupted} in the middle of a write), {completed} completed; "
      f"{len(purchased)} reported transactions all present, {len(finished)} reported finishes all kept")
PY
status=$?
if [ $status -eq 0 ]; then ok; else not_ok "$(tail -n 5 "$scratch/crash.log")"; fi
cat "$scratch/crash.log"
# Enough of the kills must have landed mid-run for the test to mean something.
killed=$(sed -n 's/.*: \([0-9]*\) killed mid-run.*/\1/p' "$scratch/crash.log")
[ "${killed:-0}" -ge $((KILLS / 4)) ] && ok || not_ok "only ${killed:-0} of $KILLS runs were killed mid-run"
run queue
expect_status 0

scenario "Ctrl-C stops notifications check mid-post, and its namespace goes with it"
# An endpoint that is slow to answer, and says when the first post has reached it.
python3 -c '
import http.server, time
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers["Content-Length"])); open("posted", "w").close(); time.sleep(2)
        self.send_response(200); self.end_headers()
    def log_message(self, *a): pass
s = http.server.HTTPServer(("127.0.0.1", 0), H); open("port", "w").write(str(s.server_port)); s.serve_forever()' &
for _ in $(seq 50); do [ -s port ] && break; sleep 0.1; done
"$IAP_BIN" notifications check --url "http://127.0.0.1:$(cat port)/asn" >check.out 2>check.err &
pid=$!
for _ in $(seq 200); do [ -e posted ] && break; sleep 0.1; done
kill -INT $pid
wait $pid
status=$?
expect_status 130
err=$(cat check.err)
expect_err_has "notifications check interrupted: its namespace is deleted"
left=$(ls .iap/namespaces 2>/dev/null)
[ -z "$left" ] && ok || not_ok "namespaces left after the interruption: $left"

finish
