#!/usr/bin/env python3
"""The scaling targets of a long-lived store, measured in one run; scripts/bench calls this.

A catalog of 20 weekly auto-renewable subscriptions (one group each), the clock set to
2026-01-01, each bought once (left unfinished, as an app that is not running leaves its
renewals), then `clock advance 25y` and `clock advance 100y` on fresh copies, in turns
(RUNS each): wall time and peak memory, and the ratio of their medians (4x the renewals:
target at most 4.5x the time). Then on the 100y state after `finish --all` (about 104,000
transactions), `buy --finish`, `queue` and `subscription status` are timed against the same
commands on the state before the move (20 transactions), in turns, and `history` and
`history --json` on their own, cold (without `history.index`) and warm, in turns. Each figure
comes with its spread (min-max over the runs).
usage: century.py IAP WORK [RUNS] [SMALL_RUNS]
"""
import os
import plistlib
import shutil
import statistics
import subprocess
import sys
import time

iap, work = sys.argv[1], os.path.abspath(sys.argv[2])
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
small_runs = int(sys.argv[4]) if len(sys.argv) > 4 else 20
os.makedirs(work, exist_ok=True)
catalog = os.path.join(work, "weekly.plist")
products = [{"id": f"com.example.weekly.s{i:02d}", "referenceName": f"Weekly {i}", "type": "autoRenewable",
             "title": f"Weekly {i}", "description": f"Weekly subscription {i}.", "price": "0.99",
             "subscriptionGroup": f"group{i:02d}", "subscriptionPeriod": "P1W", "groupLevel": 1} for i in range(20)]
with open(catalog, "wb") as f:
    plistlib.dump({"bundleId": "com.example.weekly", "products": products}, f)


def run(state, *args):
    """Runs iap on `state` (output to /dev/null); returns (seconds, peak RSS in MB)."""
    start = time.perf_counter()
    p = subprocess.Popen([iap, "--catalog", catalog, "--state", state, *args], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"century: iap {' '.join(args)} exited {os.waitstatus_to_exitcode(status)}")
    return elapsed, usage.ru_maxrss / 1024


def spread(values, unit="", scale=1.0, digits=2):
    v = [x * scale for x in values]
    return f"{statistics.median(v):.{digits}f}{unit} (min {min(v):.{digits}f}, max {max(v):.{digits}f})"


seed = os.path.join(work, "seed")
shutil.rmtree(seed, ignore_errors=True)
run(seed, "clock", "set", "2026-01-01T00:00:00Z")
for p in products:
    run(seed, "buy", p["id"])
time.sleep(2.5)  # a catalog younger than the file system's timestamp granularity is not cached
run(seed, "queue")

moves = {"25y": [], "100y": []}
state = os.path.join(work, "moved")
for n in range(runs):
    for years in (["25y", "100y"] if n % 2 == 0 else ["100y", "25y"]):
        shutil.rmtree(state, ignore_errors=True)
        shutil.copytree(seed, state)
        os.sync()
        moves[years].append(run(state, "clock", "advance", years))
big = os.path.join(work, "big")
shutil.rmtree(big, ignore_errors=True)
shutil.rmtree(state, ignore_errors=True)
shutil.copytree(seed, big)
run(big, "clock", "advance", "100y")
print(f"clock advance, 20 weekly subscriptions, {runs} runs each (wall time; peak memory):")
for years, results in moves.items():
    print(f"  {years}: {spread([t for t, _ in results], ' s')}; {spread([m for _, m in results], ' MB', digits=1)}")
ratio = statistics.median([t for t, _ in moves["100y"]]) / statistics.median([t for t, _ in moves["25y"]])
print(f"  100y / 25y: {ratio:.2f} x the time for 4 x the renewals (target <= 4.5; 100y target < 5 s and < 64 MB)")
finish = run(big, "finish", "--all")
print(f"  finish --all after 100y: {finish[0]:.2f} s, {finish[1]:.1f} MB")

small = os.path.join(work, "small")
print(f"\nafter finish --all (about 104,000 transactions) against the state before the move, {small_runs} runs each in turns:")
for args in (["buy", "com.example.weekly.s00", "--finish"], ["queue"], ["subscription", "status", "com.example.weekly.s01"]):
    times = {"big": [], "small": []}
    peaks = []
    shutil.rmtree(small, ignore_errors=True)
    shutil.copytree(seed, small)
    run(small, "finish", "--all")
    for n in range(small_runs + 2):
        for which in (["big", "small"] if n % 2 == 0 else ["small", "big"]):
            t, m = run(big if which == "big" else small, *args)
            if n >= 2:
                times[which].append(t)
                if which == "big":
                    peaks.append(m)
    per_run = [b / s for b, s in zip(times["big"], times["small"])]
    print(f"  {' '.join(args)}: {statistics.median(times['big']) / statistics.median(times['small']):.2f} x its small-state time "
          f"(per-run ratios {spread(per_run, '')}; {statistics.median(times['big']) * 1000:.1f} ms against "
          f"{statistics.median(times['small']) * 1000:.1f} ms; peak {max(peaks):.1f} MB; target <= 1.5 x, < 64 MB)")
# Cold: without history.index (the first history after the log grew by more than a few
# records reads it whole and saves the index); warm: with it, in turns.
index = os.path.join(big, "history.index")
for args, target in ((["history"], 0.4), (["history", "--json"], 2.0)):
    results = {"cold": [], "warm": []}
    for n in range(runs):
        for which in (["cold", "warm"] if n % 2 == 0 else ["warm", "cold"]):
            if which == "cold" and os.path.exists(index):
                os.remove(index)
            elif which == "warm" and not os.path.exists(index):
                run(big, *args)
            results[which].append(run(big, *args))
    for which in ("cold", "warm"):
        r = results[which]
        print(f"  {' '.join(args)} ({which}): {spread([t for t, _ in r], ' s')}; peak {max(m for _, m in r):.1f} MB "
              f"(target < {target} s, < 64 MB)")
