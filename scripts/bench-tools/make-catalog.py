#!/usr/bin/env python3
"""Writes a catalog.plist with N products (default 10,000) for the benchmark.

A quarter of each kind (consumable, nonConsumable, autoRenewable, nonRenewing), every one
with a French localization, ids com.example.bench.pNNNNN. Deterministic.
usage: make-catalog.py OUT.plist [N]
"""
import plistlib
import sys

KINDS = ["consumable", "nonConsumable", "autoRenewable", "nonRenewing"]


def product(i):
    kind = KINDS[i % 4]
    p = {
        "id": f"com.example.bench.p{i:05d}",
        "referenceName": f"Bench product {i}",
        "type": kind,
        "title": f"Product {i}",
        "description": f"The description of benchmark product number {i}.",
        "price": f"{i % 100}.99",
        "localizations": {"fr_FR": {"title": f"Produit {i}", "description": f"Description du produit {i}."}},
    }
    if kind == "autoRenewable":
        p.update(subscriptionGroup=f"group{i % 10}", subscriptionPeriod="P1M", groupLevel=1 + i % 3)
    return p


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    with open(out, "wb") as f:
        plistlib.dump({"bundleId": "com.example.bench", "products": [product(i) for i in range(n)]}, f)


if __name__ == "__main__":
    main()
