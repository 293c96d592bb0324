"""Apple's App Store Server Library reading a namespace of `iap serve`: the
namespace is set up over the control plane alone (a key, Sandbox, a purchase), then Apple's
client, based at URL/ns/NAME, reads it and verifies what it signed.

Usage: control_apple.py URL NAME
Prints one JSON line per call (see apple_client.call).
"""
import base64
import json
import sys
import tempfile
import urllib.request

from appstoreserverlibrary.api_client import GetTransactionHistoryVersion
from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest
from apple_client import call, connect

url, name = sys.argv[1:3]
base = "%s/ns/%s/iap/v1" % (url, name)
P = "com.example.fakegame"


def control(method, path, body=None):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))


control("PATCH", "/settings", {"environment": "Sandbox"})
key = control("POST", "/keys")
control("POST", "/purchases", {"productId": P + ".unlock_maps", "finish": True})
pem = control("GET", "/certificates/root")["pem"]
der = base64.b64decode("".join(line for line in pem.splitlines() if not line.startswith("-----")))
folder = tempfile.mkdtemp()
open(folder + "/key.p8", "w").write(key["privateKey"])
open(folder + "/root.cer", "wb").write(der)
client, verifier = connect(url + "/ns/" + name, folder + "/key.p8", key["keyId"], key["issuerId"], P, "SANDBOX", folder + "/root.cer")
history = client.get_transaction_history("1", None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
call("history", lambda: [verifier.verify_and_decode_signed_transaction(t).productId for t in history.signedTransactions])
# The same key means nothing to the state's own store, which has none.
other, _ = connect(url, folder + "/key.p8", key["keyId"], key["issuerId"], P, "SANDBOX", folder + "/root.cer")
call("root-store", lambda: other.get_transaction_info("1"))
