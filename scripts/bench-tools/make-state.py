#!/usr/bin/env python3
"""Writes a state folder holding N finished transactions (default 100,000), directly in the
format docs/state.md documents: transactions.log (one JSON
record per transaction version). iap folds it into store.json at the first commit.

Writing the files is much faster than N `iap buy` runs (which would take minutes, each one
fsyncing). The history looks like a busy game's: purchases one minute apart, almost all of
them consumables spread over the catalog, plus 20 non-consumables and 5 auto-renewable
subscriptions bought (and renewed) now and then; every purchase went through the queue
(an unfinished version, then the finished one) except the 10% bought with --finish.
Products come from make-catalog.py's ids. usage: make-state.py DIR [N] [PRODUCTS]
"""
import json
import os
import random
import sys

MONTH_MS = 30 * 24 * 3600 * 1000


def main():
    folder = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    products = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
    rng = random.Random(6)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    consumables = [i for i in range(products) if i % 4 == 0]
    durables = [i for i in range(products) if i % 4 == 1][:20]
    subscriptions = [i for i in range(products) if i % 4 == 2][:5]
    start = 1_700_000_000_000
    ownership = {}
    lines = []
    for k in range(n):
        tid = k + 1
        now = start + k * 60_000
        roll = rng.random()
        if roll < 0.02:
            i, kind = rng.choice(durables), "nonConsumable"
        elif roll < 0.03:
            i, kind = rng.choice(subscriptions), "autoRenewable"
        else:
            i, kind = rng.choice(consumables), "consumable"
        pid = f"com.example.bench.p{i:05d}"
        owned = ownership.get(pid)
        state, original, original_date, expiration = "purchased", tid, now, None
        if kind == "nonConsumable" and owned:
            state, original, original_date = "restored", owned["originalId"], owned["originalPurchaseDate"]
        if kind == "autoRenewable":
            if owned and owned["expirationDate"] > now:
                state, original, original_date = "restored", owned["originalId"], owned["originalPurchaseDate"]
                expiration = owned["expirationDate"]
            else:
                expiration = now + MONTH_MS
        record = {
            "id": str(tid), "originalId": str(original), "productId": pid, "productType": kind, "state": state,
            "quantity": 1, "purchaseDate": now, "originalPurchaseDate": original_date, "expirationDate": expiration,
            "revocationDate": None, "applicationUsername": None, "error": None, "account": "default",
            "device": "default", "finished": False,
        }
        if rng.random() >= 0.1:
            lines.append(record)
        lines.append(dict(record, finished=True))
        if state == "purchased" and kind != "consumable":
            if owned:
                owned["latestId"] = str(tid)
                owned["expirationDate"] = expiration
            else:
                ownership[pid] = {
                    "productId": pid, "productType": kind, "originalId": str(tid), "originalPurchaseDate": now,
                    "latestId": str(tid), "expirationDate": expiration, "restorable": True,
                }
    log = "".join(json.dumps(r, separators=(",", ":"), ensure_ascii=False) + "\n" for r in lines).encode()
    owned = sorted(ownership.values(), key=lambda o: int(o["originalId"]))
    snapshot = {
        "format": 1, "logOffset": len(log), "nextId": str(n + 1),
        "accounts": {"default": {"queues": {}, "ownership": [
            {k: (str(v) if k in ("originalId", "latestId") else v) for k, v in o.items()} for o in owned]}},
    }
    # Only the log: store.json is the fold of the log, and iap writes its own (in the format
    # of the day) at the first command that commits; run.py makes one.
    del snapshot
    for name, data in (("transactions.log", log),):
        fd = os.open(os.path.join(folder, name), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.write(fd, data)
        os.close(fd)


if __name__ == "__main__":
    main()
