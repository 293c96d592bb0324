#!/usr/bin/env python3
"""The benchmark's measuring half; scripts/bench builds the binaries and calls this.

Each row runs one command RUNS times (after two warm-up runs), spawned with posix_spawn and
reaped with wait4, which gives the wall time and the peak resident memory (ru_maxrss) of
that one process. Medians are reported as ratios to two references measured in the same
run, interleaved with the rows so that the machine's drift affects all alike:
  hi      a Swift program that only prints "hi", built like iap (--static-swift-stdlib);
  sqlite  `sqlite3 FILE "insert into t(v) values('x')"` into a table (skipped if missing).
A row whose command `iap help` does not list is skipped. States are made fresh for each
row (untimed); commands that need something to act on get it from an untimed step run
before each timed run.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def spawn(argv, cwd):
    """Runs argv in cwd with stdout and stderr to /dev/null; returns (seconds, maxrss KiB, status)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
        here = os.getcwd()
        os.chdir(cwd)
        try:
            start = time.perf_counter()
            pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
            _, status, usage = os.wait4(pid, 0)
            elapsed = time.perf_counter() - start
        finally:
            os.chdir(here)
    finally:
        os.close(devnull)
    return elapsed, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def measure(argv, cwd, runs, prepare=None, ok=(0,)):
    times, peaks = [], []
    for n in range(runs + 2):
        if prepare:
            prepare()
        elapsed, peak, status = spawn(argv, cwd)
        if status not in ok:
            sys.exit(f"bench: {' '.join(argv)} exited {status}")
        if n >= 2:
            times.append(elapsed)
            peaks.append(peak)
    return statistics.median(times), max(peaks)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--iap", required=True)
    parser.add_argument("--hello", required=True)
    parser.add_argument("--work", required=True, help="scratch folder (same file system as a user's state)")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--big-runs", type=int, default=10, help="runs of history and restore at 100k")
    parser.add_argument("--baseline", help="another iap binary (an older build) to measure alongside, row by row")
    args = parser.parse_args()
    tools = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(tools))
    iap = os.path.abspath(args.iap)
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)

    commands = subprocess.run([iap, "help"], capture_output=True, text=True).stdout
    def exists(name):
        return any(line.split()[:1] == [name] for line in commands.splitlines())

    # Fixtures: the bundled catalog; a 10k catalog; a 100k-transaction state (copied per row).
    big_catalog = os.path.join(work, "catalog-10k.plist")
    big_state = os.path.join(work, "state-100k")
    if not os.path.exists(big_catalog):
        subprocess.run([sys.executable, os.path.join(tools, "make-catalog.py"), big_catalog, "10000"], check=True)
    if not os.path.exists(big_state):
        subprocess.run([sys.executable, os.path.join(tools, "make-state.py"), big_state, "100000", "10000"], check=True)
    # A catalog modified less than a couple of seconds ago is not cached (a change within
    # the file system's timestamp granularity could go unseen), so let them age first.
    time.sleep(max(0, 2.5 - (time.time() - os.stat(big_catalog).st_ctime)))
    small_catalog = os.path.join(root, "catalog.plist")
    db = os.path.join(work, "bench.sqlite")
    sqlite = shutil.which("sqlite3")

    def reference_rows():
        hi = measure([os.path.abspath(args.hello)], work, args.runs)[0]
        sq = None
        if sqlite:
            if os.path.exists(db):
                os.remove(db)
            subprocess.run([sqlite, db, "create table t(id integer primary key, v text)"], check=True)
            sq = measure([sqlite, db, "insert into t(v) values('x')"], work, args.runs)[0]
        return hi, sq

    scenarios = [
        ("empty", small_catalog, None, "com.example.fakegame.extra_lives", "com.example.fakegame.unlock_maps"),
        ("100k", big_catalog, big_state, "com.example.bench.p05000", "com.example.bench.p00001"),
    ]
    rows = []
    his, sqs = [], []
    for scenario, catalog, seed, consumable, durable in scenarios:
        for name, argv_tail, prep, runs in [
            ("products list", ["products", "list"], None, args.runs),
            ("products fetch", ["products", "fetch", consumable, durable, "com.example.nope"], None, args.runs),
            ("buy", ["buy", consumable], None, args.runs),
            ("buy --finish", ["buy", consumable, "--finish"], None, args.runs),
            ("queue", ["queue"], "one-unfinished", args.runs),
            ("finish", ["finish", "--all"], "one-unfinished", args.runs),
            ("restore", ["restore"], "finish-all", args.big_runs if seed else args.runs),
            ("history", ["history"], None, args.big_runs if seed else args.runs),
            ("entitlements", ["entitlements"], None, args.runs),
        ]:
            if not exists(argv_tail[0]):
                print(f"skipped: iap {argv_tail[0]} (no such command in this build)", file=sys.stderr)
                continue
            def measure_row(binary):
                case = tempfile.mkdtemp(prefix="row-", dir=work)
                state = os.path.join(case, ".iap")
                if seed:
                    shutil.copytree(seed, state)
                base = [binary, "--catalog", catalog, "--state", state]
                if scenario == "empty":
                    # A few purchases, so that restore and history have something to show.
                    for product in (durable, consumable):
                        subprocess.run(base + ["buy", product, "--finish"], stdout=subprocess.DEVNULL, check=True)
                def prepare():
                    if prep == "one-unfinished":
                        subprocess.run(base + ["finish", "--all"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                        subprocess.run(base + ["buy", consumable], stdout=subprocess.DEVNULL, check=True)
                    elif prep == "finish-all":
                        subprocess.run(base + ["finish", "--all"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                # Warm the catalog cache (if any) the way a user's first purchase would.
                subprocess.run(base + ["buy", consumable, "--finish"], stdout=subprocess.DEVNULL, check=True)
                result = measure(base + argv_tail, case, runs, prepare if prep else None)
                shutil.rmtree(case)
                return result
            hi, sq = reference_rows()
            his.append(hi)
            if sq:
                sqs.append(sq)
            median, peak = measure_row(iap)
            before = measure_row(os.path.abspath(args.baseline)) if args.baseline else None
            rows.append((name, scenario, median, hi, sq, peak, before))

    print(f"iap benchmark: {os.uname().nodename}, {os.cpu_count()} cores, Linux {os.uname().release}, "
          f"{time.strftime('%Y-%m-%d')}; median of {args.runs} runs ({args.big_runs} for history and restore at 100k)")
    print(f"references (median over the run): hi {statistics.median(his) * 1000:.2f} ms"
          + (f", sqlite3 insert {statistics.median(sqs) * 1000:.2f} ms" if sqs else ", sqlite3: not installed"))
    print()
    extra = " before: × hi | before: peak memory |" if args.baseline else ""
    print("| command | state | × hi | × sqlite3 insert | × its empty-state time | peak memory |" + extra)
    print("| --- | --- | ---: | ---: | ---: | ---: |" + (" ---: | ---: |" if args.baseline else ""))
    empty = {name: median for name, scenario, median, *_ in rows if scenario == "empty"}
    for name, scenario, median, hi, sq, peak, before in rows:
        growth = f"{median / empty[name]:.2f}" if scenario != "empty" and name in empty else ""
        sq_ratio = f"{median / sq:.2f}" if sq else "–"
        line = f"| `{name}` | {scenario} | {median / hi:.2f} | {sq_ratio} | {growth} | {peak / 1024:.1f} MB |"
        if before:
            line += f" {before[0] / hi:.2f} | {before[1] / 1024:.1f} MB |"
        print(line)
    print()
    print("states: empty = the bundled catalog and a state that starts empty (two purchases made);")
    print("100k = a 10,000-product catalog and 100,000 finished transactions (scripts/bench-tools).")


if __name__ == "__main__":
    main()
