#!/usr/bin/env python3
"""Writes scripts/startup.order: the functions and data that iap's everyday commands touch,
in the order they first touch them, for the linker to lay out side by side.

Why: a command at an empty state uses a few hundred functions and globals scattered over a
30 MB static executable, and every 4 KB page (64 KB of code, with the kernel's fault-around)
it touches first costs a page fault: about 170 of them for `iap queue`, against 67 for a
Swift "hi". Laid out in first-use order they fit in fewer pages (docs/performance.md,
start-up). scripts/release-build hands the file to lld (--symbol-ordering-file); names the
build no longer has are ignored, so a stale file costs speed, never correctness.

How: each command runs under valgrind's lackey tool, which reports every instruction fetch
and data access; each address is mapped to the symbol that holds it (`nm -n -S` of the
binary), and the names are kept in the order of their first use, command after command,
the most frequent commands first.

usage: startup-order.py --iap RELEASE-IAP --catalog catalog.plist --out scripts/startup.order
Needs valgrind and nm; takes about a minute.
"""
import argparse
import bisect
import os
import shutil
import subprocess
import sys
import tempfile

# The commands a test run repeats most, first: their code gets the densest pages. Each is
# (arguments, preparation), the preparation run untimed and untraced before it.
CONSUMABLE = "com.example.fakegame.extra_lives"
DURABLE = "com.example.fakegame.unlock_maps"
COMMANDS = [
    (["buy", CONSUMABLE, "--finish"], None),
    (["queue"], ["buy", CONSUMABLE]),
    (["finish", "--all"], ["buy", CONSUMABLE]),
    (["buy", CONSUMABLE], ["finish", "--all"]),
    (["products", "list"], None),
    (["entitlements"], None),
    (["history"], None),
    (["--version"], None),
    # After the others: here it also rewrites store.json, whose first write in a process
    # looks types up by name and so reads every protocol conformance record in the binary.
    (["restore"], ["finish", "--all"]),
    # Last: it loads the whole catalog (four times the code of the others together).
    (["products", "fetch", CONSUMABLE, DURABLE, "com.example.nope"], None),
]


def symbols(binary):
    """(sorted start addresses, [(start, end, name)]) of every sized symbol in the binary."""
    out = subprocess.run(["nm", "-n", "-S", binary], capture_output=True, text=True, check=True).stdout
    table = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) != 4:
            continue
        start, size = int(parts[0], 16), int(parts[1], 16)
        if size:
            table.append((start, start + size, parts[3]))
    table.sort()
    return [t[0] for t in table], table


def touched(argv, cwd, starts, table):
    """The names of the symbols one run of argv touches, in order of first touch."""
    with tempfile.NamedTemporaryFile(suffix=".lackey") as log:
        subprocess.run(
            ["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={log.name}"] + argv,
            cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        names, seen = [], set()
        with open(log.name) as lines:
            for line in lines:
                parts = line.split()
                if len(parts) != 2 or parts[0] not in ("I", "L", "S", "M"):
                    continue
                address = int(parts[1].split(",")[0], 16)
                i = bisect.bisect_right(starts, address) - 1
                if i < 0 or address >= table[i][1]:
                    continue
                name = table[i][2]
                if name not in seen:
                    seen.add(name)
                    names.append(name)
        return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iap", required=True, help="a release build of iap, with its symbols")
    parser.add_argument("--catalog", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    for tool in ("valgrind", "nm"):
        if not shutil.which(tool):
            sys.exit(f"startup-order: {tool} not found")
    starts, table = symbols(args.iap)
    work = tempfile.mkdtemp(prefix="iap-order-")
    try:
        binary = os.path.join(work, "iap")
        shutil.copy(args.iap, binary)
        base = [binary, "--catalog", os.path.abspath(args.catalog), "--state", os.path.join(work, ".iap")]
        # The bench's empty state: two purchases made, the catalog cache warm.
        for product in (DURABLE, CONSUMABLE, CONSUMABLE):
            subprocess.run(base + ["buy", product, "--finish"], stdout=subprocess.DEVNULL, check=True)
        order, seen = [], set()
        for command, prep in COMMANDS:
            if prep:
                subprocess.run(base + prep, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for name in touched(base + command, work, starts, table):
                if name not in seen:
                    seen.add(name)
                    order.append(name)
            print(f"startup-order: iap {' '.join(command)}: {len(order)} symbols so far", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    with open(args.out, "w") as out:
        out.write("\n".join(order) + "\n")


if __name__ == "__main__":
    main()
