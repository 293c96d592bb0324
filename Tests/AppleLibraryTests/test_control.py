"""Apple's App Store Server Library reading a namespace of `iap serve`: the namespace is set up
over the control plane alone (a key, Sandbox, a purchase), then Apple's client, based at
URL/ns/NAME, reads it and verifies what it signed."""
import base64
import json
import urllib.request

from appstoreserverlibrary.api_client import GetTransactionHistoryVersion
from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest

from support import P, Key, client, outcome, verifier


def test_apples_library_reads_a_namespace_at_ns_name(store):
    server = store.serve()
    base = server.url + "/ns/team-1/iap/v1"

    def control(method, path, body=None):
        request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as response:
            return json.load(response)

    control("PATCH", "/settings", {"environment": "Sandbox"})
    ids = control("POST", "/keys")
    control("POST", "/purchases", {"productId": P + ".unlock_maps", "finish": True})
    pem = control("GET", "/certificates/root")["pem"]
    root = base64.b64decode("".join(line for line in pem.splitlines() if not line.startswith("-----")))
    store.path("key.p8").write_text(ids["privateKey"])
    key = Key(store.path("key.p8"), ids["keyId"], ids["issuerId"])
    check = verifier("SANDBOX", root)
    history = client(server.url + "/ns/team-1", key).get_transaction_history(
        "1", None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
    assert [check.verify_and_decode_signed_transaction(t).productId for t in history.signedTransactions] == [P + ".unlock_maps"]
    # The same key means nothing to the state's own store, which has none.
    assert outcome(lambda: client(server.url, key).get_transaction_info("1"))["status"] == 401
    assert P + ".unlock_maps" in store.iap("--namespace", "team-1", "history")
