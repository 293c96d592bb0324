#!/usr/bin/env python3
"""The benchmark's measuring half; scripts/bench builds the binaries and calls this.

Each row runs one command RUNS times (after two warm-up runs), spawned with posix_spawn and
reaped with wait4, which gives the wall time and the peak resident memory (ru_maxrss) of
that one process. Every run of the command is preceded by one run of each reference, so a
row's ratios compare medians taken over the same moments (a shared machine's speed drifts),
and the rows take their runs in turns, a few at a time, over the whole benchmark:
  hi      a Swift program that only prints "hi", built like iap (--static-swift-stdlib);
  sqlite  `sqlite3 FILE "insert into t(v) values('x')"` into a table (skipped if missing).
"× its empty-state time" divides the two rows' ratios to hi, for the same reason.
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


def measure_row(cases, references, runs, warm_up):
    """Takes `runs` timed runs of every case of one row (after two untimed ones if warm_up).
    Each run times every reference once, then each case's command once, the cases in turns
    (A B, then B A), so that an older build measured alongside sees the same moments. (Timed
    in blocks, one binary's runs and then the other's, whichever binary went first came out
    markedly slower on the cheap rows, in either order.)"""
    skip = 2 if warm_up else 0
    for n in range(runs + skip):
        reference_times = []
        for reference in references:
            elapsed, _, status = spawn(reference, cases[0].folder)
            if status != 0:
                sys.exit(f"bench: {' '.join(reference)} exited {status}")
            reference_times.append(elapsed)
        for case in (cases if n % 2 == 0 else list(reversed(cases))):
            if case.prep:
                case.prepare()
            elapsed, peak, status = spawn(case.argv, case.folder)
            if status != 0:
                sys.exit(f"bench: {' '.join(case.argv)} exited {status}")
            if n >= skip:
                case.record(elapsed, peak, reference_times)


class Case:
    """One row for one binary: its state folder, and what its runs measured."""

    def __init__(self, binary, work, catalog, seed, scenario, argv_tail, prep, runs, consumable, durable):
        self.runs = runs
        self.folder = tempfile.mkdtemp(prefix="row-", dir=work)
        state = os.path.join(self.folder, ".iap")
        if seed:
            shutil.copytree(seed, state)
        self.base = [binary, "--catalog", catalog, "--state", state]
        self.argv = self.base + argv_tail
        self.prep = prep
        self.consumable = consumable
        if scenario == "empty":
            # A few purchases, so that restore and history have something to show.
            for product in (durable, consumable):
                subprocess.run(self.base + ["buy", product, "--finish"], stdout=subprocess.DEVNULL, check=True)
        # Warm the catalog cache (if any) the way a user's first purchase would, and write
        # the copied state out now rather than during the timed runs.
        subprocess.run(self.base + ["buy", consumable, "--finish"], stdout=subprocess.DEVNULL, check=True)
        os.sync()
        self.times, self.peaks, self.reference_times = [], [], []

    def prepare(self):
        if self.prep in ("one-unfinished", "finish-all"):
            subprocess.run(self.base + ["finish", "--all"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if self.prep == "one-unfinished":
            subprocess.run(self.base + ["buy", self.consumable], stdout=subprocess.DEVNULL, check=True)

    def record(self, elapsed, peak, reference_times):
        self.times.append(elapsed)
        self.peaks.append(peak)
        if not self.reference_times:
            self.reference_times = [[] for _ in reference_times]
        for k, t in enumerate(reference_times):
            self.reference_times[k].append(t)

    @property
    def references(self):
        return [statistics.median(t) for t in self.reference_times]

    def ratios(self):
        """Median time as a ratio to hi and to sqlite (None without it), and the peak RSS."""
        median = statistics.median(self.times)
        refs = self.references
        return median / refs[0], (median / refs[1] if len(refs) > 1 else None), max(self.peaks)

    def spread(self):
        """The quartiles of the per-run ratios to hi (each run over the hi run just before it)."""
        per_run = [t / h for t, h in zip(self.times, self.reference_times[0])]
        if len(per_run) < 2:
            return per_run[0], per_run[0]
        q = statistics.quantiles(per_run, n=4)
        return q[0], q[2]

    def close(self):
        shutil.rmtree(self.folder)


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
        # One purchase, so that iap folds the log into its own store.json (100,001 transactions).
        subprocess.run([iap, "--catalog", big_catalog, "--state", os.path.join(big_state, ""), "buy",
                        "com.example.bench.p00000", "--finish"], stdout=subprocess.DEVNULL, check=True)
    # A catalog modified less than a couple of seconds ago is not cached (a change within
    # the file system's timestamp granularity could go unseen), so let them age first.
    time.sleep(max(0, 2.5 - (time.time() - os.stat(big_catalog).st_ctime)))
    small_catalog = os.path.join(root, "catalog.plist")
    db = os.path.join(work, "bench.sqlite")
    sqlite = shutil.which("sqlite3")

    if sqlite:
        if os.path.exists(db):
            os.remove(db)
        subprocess.run([sqlite, db, "create table t(id integer primary key, v text)"], check=True)
    references = [[os.path.abspath(args.hello)]] + ([[sqlite, db, "insert into t(v) values('x')"]] if sqlite else [])

    scenarios = [
        ("empty", small_catalog, None, "com.example.fakegame.extra_lives", "com.example.fakegame.unlock_maps"),
        ("100k", big_catalog, big_state, "com.example.bench.p05000", "com.example.bench.p00001"),
    ]
    # The baseline is timed from a copy too, as scripts/bench times iap and hi (why: there).
    baseline = None
    if args.baseline:
        baseline = os.path.join(work, "baseline-iap")
        shutil.copy(args.baseline, baseline)
    binaries = [iap] + ([baseline] if baseline else [])
    rows = []  # (name, scenario, {binary: Case})
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
            cases = {}
            for binary in binaries:
                case = Case(binary, work, catalog, seed, scenario, argv_tail, prep, runs, consumable, durable)
                cases[binary] = case
            rows.append((name, scenario, cases))

    # Round robin: every row takes a few runs in each round, so that a shared machine's
    # drift over the minutes of the benchmark reaches all rows alike.
    rounds = 8
    for round in range(rounds):
        for name, scenario, cases in rows:
            first = next(iter(cases.values()))
            measure_row(list(cases.values()), references, max(1, -(-first.runs // rounds)), warm_up=(round == 0))
    his = [c.references[0] for _, _, cases in rows for c in cases.values()]
    sqs = [c.references[1] for _, _, cases in rows for c in cases.values() if len(c.references) > 1]
    for _, _, cases in rows:
        for case in cases.values():
            case.close()

    print(f"iap benchmark: {os.uname().nodename}, {os.cpu_count()} cores, Linux {os.uname().release}, "
          f"{time.strftime('%Y-%m-%d')}; median of {args.runs} runs ({args.big_runs} for history and restore at 100k)")
    print(f"references (median over the run): hi {statistics.median(his) * 1000:.2f} ms"
          + (f", sqlite3 insert {statistics.median(sqs) * 1000:.2f} ms" if sqs else ", sqlite3: not installed"))
    print()
    extra = " before: × hi | before: peak memory |" if args.baseline else ""
    print("| command | state | × hi | × hi, quartiles of the runs | median | × sqlite3 insert | × its empty-state time | peak memory |" + extra)
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |" + (" ---: | ---: |" if args.baseline else ""))
    empty = {name: cases[iap].ratios()[0] for name, scenario, cases in rows if scenario == "empty"}
    for name, scenario, cases in rows:
        to_hi, to_sqlite, peak = cases[iap].ratios()
        before = cases[binaries[-1]].ratios() if args.baseline else None
        growth = f"{to_hi / empty[name]:.2f}" if scenario != "empty" and name in empty else ""
        sq_ratio = f"{to_sqlite:.2f}" if to_sqlite else "–"
        low, high = cases[iap].spread()
        median_ms = statistics.median(cases[iap].times) * 1000
        line = (f"| `{name}` | {scenario} | {to_hi:.2f} | {low:.2f}–{high:.2f} | {median_ms:.1f} ms | {sq_ratio} | {growth} | "
                f"{peak / 1024:.1f} MB |")
        if before:
            line += f" {before[0]:.2f} | {before[2] / 1024:.1f} MB |"
        print(line)
    print()
    print("states: empty = the bundled catalog and a state that starts empty (two purchases made);")
    print("100k = a 10,000-product catalog and 100,000 finished transactions (scripts/bench-tools).")


if __name__ == "__main__":
    main()
