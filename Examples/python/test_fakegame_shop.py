"""The bundled game's store driven over iap's control plane, as a backend team's pytest suite
would: the same six behaviours as the Swift example, with the standard library's
HTTP client only. Each test gets `iap serve` on a free port and a namespace of its own.

Run: IAP_BIN=path/to/iap python -m pytest Examples/python   (IAP_BIN defaults to .build/debug/iap)
"""
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import urllib.error
import urllib.request
import uuid

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
IAP = os.environ.get("IAP_BIN", str(ROOT / ".build" / "debug" / "iap"))
P = "com.example.fakegame."


@pytest.fixture(scope="module")
def server():
    folder = tempfile.mkdtemp(prefix="iap-python-example-")
    shutil.copy(ROOT / "catalog.plist", folder)
    process = subprocess.Popen([IAP, "serve", "--port", "0"], cwd=folder, stdout=subprocess.PIPE, text=True)
    url = process.stdout.readline().strip()
    yield url, folder
    process.terminate()
    process.wait()
    shutil.rmtree(folder)


class Store:
    """One namespace of the server: a store of its own for one test."""

    def __init__(self, url, folder):
        self.name = "py-" + uuid.uuid4().hex[:12]
        self.base = "%s/ns/%s/iap/v1" % (url, self.name)
        self.folder = folder

    def call(self, method, path, body=None, expect=200):
        data = None if body is None else json.dumps(body).encode()
        # The control plane takes a change only as JSON: what no other site's form can send.
        request = urllib.request.Request(self.base + path, data=data, method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request) as response:
                status, answer = response.status, json.load(response)
        except urllib.error.HTTPError as error:
            status, answer = error.code, json.load(error)
        assert status == expect, answer
        return answer

    def shell(self, *arguments):
        """`iap --namespace NAME …` beside the server, on the same store."""
        return subprocess.run([IAP, "--namespace", self.name, *arguments], cwd=self.folder, capture_output=True, text=True, check=True).stdout

    def entitled(self):
        return [t["productId"] for t in self.call("GET", "/entitlements")["transactions"]]


@pytest.fixture
def store(server):
    return Store(*server)


def test_products_load(store):
    products = store.call("GET", "/products?id=%sunlock_maps&id=%spro.monthly&id=nope" % (P, P))
    assert [p["id"] for p in products["products"]] == [P + "unlock_maps", P + "pro.monthly"]
    assert products["invalidProductIdentifiers"] == ["nope"]
    assert products["products"][0]["displayPrice"] == "$2.99"


def test_a_purchase_unlocks_content(store):
    bought = store.call("POST", "/purchases", {"productId": P + "unlock_maps"})["transactions"][-1]
    assert bought["state"] == "purchased" and bought["jwsRepresentation"].count(".") == 2
    assert store.entitled() == [P + "unlock_maps"]
    store.call("POST", "/transactions/%s/finish" % bought["id"])
    assert store.call("GET", "/transactions/unfinished")["transactions"] == []


def test_an_unfinished_transaction_is_delivered_again(store):
    store.call("POST", "/purchases", {"productId": P + "extra_lives"})
    # The next launch sees it again, until it is finished.
    assert [t["productId"] for t in store.call("GET", "/transactions/unfinished")["transactions"]] == [P + "extra_lives"]
    store.call("POST", "/transactions/unfinished/finish")
    assert store.call("GET", "/transactions/unfinished")["transactions"] == []


def test_ask_to_buy_is_pending_until_approved_from_the_shell(store):
    store.call("PATCH", "/settings", {"ask-to-buy": True})
    pending = store.call("POST", "/purchases", {"productId": P + "rocket_car"})["transactions"][-1]
    assert pending["state"] == "deferred"
    assert store.entitled() == []
    store.shell("approve", pending["id"])
    assert store.entitled() == [P + "rocket_car"]


def test_a_refund_revokes_the_entitlement(store):
    bought = store.call("POST", "/purchases", {"productId": P + "unlock_maps", "finish": True})["transactions"][-1]
    store.call("POST", "/transactions/%s/refund" % bought["id"])
    assert store.entitled() == []
    assert store.call("GET", "/transactions/%s" % bought["id"])["transactions"][0]["revocationDate"]


def test_a_monthly_subscription_renews_and_expires_after_cancel(store):
    store.call("POST", "/purchases", {"productId": P + "pro.monthly", "finish": True})
    renewals = store.call("POST", "/clock/advance", {"by": "32d"})["transactions"]
    assert len(renewals) == 1 and renewals[0]["originalId"] == "1"
    assert store.entitled() == [P + "pro.monthly"]
    store.call("POST", "/subscriptions/%spro.monthly/cancel" % P)
    store.call("POST", "/clock/advance", {"by": "32d"})
    assert store.entitled() == []
    assert "expired" in store.shell("subscription", "status")
