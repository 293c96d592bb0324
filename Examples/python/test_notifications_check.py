"""`iap notifications check` against the reference receiver of Examples/notification-receiver
(Apple's SignedDataVerifier on every payload): it passes with every notification the store can
produce and every chaos mode, and fails, naming the type, when the receiver answers 500 to one.

Run: IAP_BIN=path/to/iap python -m pytest Examples/python   (IAP_BIN defaults to .build/debug/iap)
"""
import json
import os
import pathlib
import plistlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
IAP = os.environ.get("IAP_BIN", str(ROOT / ".build" / "debug" / "iap"))
CATALOG = ROOT / "catalog.plist"


def iap(state, *words):
    return subprocess.run([IAP, "--state", str(state), "--catalog", str(CATALOG), *words], capture_output=True, text=True)


@pytest.fixture
def store(tmp_path):
    """A Sandbox store (its payloads signed with certificates) and its root certificate's file."""
    assert iap(tmp_path / "state", "settings", "set", "environment", "Sandbox").returncode == 0
    assert iap(tmp_path / "state", "certificates", "root", "--output", str(tmp_path / "root.der")).returncode == 0
    return tmp_path


@pytest.fixture
def receiver(store):
    """Starts the reference receiver for STORE with extra arguments; answers its URL."""
    started = []

    def start(*extra):
        bundle_id = plistlib.loads(CATALOG.read_bytes())["bundleId"]
        command = [sys.executable, str(ROOT / "Examples" / "notification-receiver" / "receiver.py"),
                   "--root-certificate", str(store / "root.der"), "--bundle-id", bundle_id, "--environment", "Sandbox", *extra]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        started.append(process)
        return process.stdout.readline().strip()

    yield start
    for process in started:
        process.terminate()
        process.wait()


def check(store, url, *words):
    run = iap(store / "state", "notifications", "check", "--url", url, "--json", *words)
    return run.returncode, json.loads(run.stdout)


def test_the_reference_receiver_passes_every_notification_and_every_chaos_mode(store, receiver):
    url = receiver()
    listed = json.loads(iap(store / "state", "notifications", "trigger", "--list", "--json").stdout)["triggers"]
    for chaos in [[], ["--chaos", "duplicate,reorder,delay,fail-first"]]:
        status, report = check(store, url, *chaos)
        assert status == 0, [r for r in report["results"] if not r["passed"]]
        assert len(report["results"]) == len(listed) and all(r["skipped"] is None for r in report["results"])


def test_a_receiver_that_answers_500_for_one_type_fails_the_check_naming_it(store, receiver):
    url = receiver("--fail-type", "DID_RENEW")
    status, report = check(store, url, "--types", "ONE_TIME_CHARGE,DID_RENEW")
    assert status == 1 and not report["passed"]
    failed = [(r["notificationType"], r["subtype"], r["answers"][0]["status"]) for r in report["results"] if not r["passed"]]
    assert failed == [("DID_RENEW", None, 500), ("DID_RENEW", "BILLING_RECOVERY", 500)]
    text = iap(store / "state", "notifications", "check", "--url", url, "--types", "DID_RENEW")
    assert text.returncode == 1 and "failed: 2 of 2: DID_RENEW, DID_RENEW BILLING_RECOVERY" in text.stdout
