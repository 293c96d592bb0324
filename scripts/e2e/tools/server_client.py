"""Calls `iap serve` with Apple's App Store Server Library, as a developer's server would.

Usage: server_client.py URL KEY_FILE KEY_ID ISSUER_ID BUNDLE_ID ENVIRONMENT ROOT_FILE [refunds]
Prints one JSON line per call: what Apple's client got back, decoded and verified with
SignedDataVerifier against ROOT_FILE, or the APIException it raised.
"""
import sys

from appstoreserverlibrary.api_client import GetTransactionHistoryVersion
from appstoreserverlibrary.models.TransactionHistoryRequest import Order, TransactionHistoryRequest
from apple_client import call, connect

url, key_file, key_id, issuer_id, bundle_id, environment, root_file = sys.argv[1:8]
step = sys.argv[8] if len(sys.argv) > 8 else "main"
client, verifier = connect(url, key_file, key_id, issuer_id, bundle_id, environment, root_file)


def transaction(token):
    return verifier.verify_and_decode_signed_transaction(token).productId


if step == "refunds":
    refunds = client.get_refund_history("1", None)
    call("refunds", lambda: [transaction(t) for t in refunds.signedTransactions])
    sys.exit(0)

call("info", lambda: transaction(client.get_transaction_info("1").signedTransactionInfo))
call("missing", lambda: client.get_transaction_info("999"))
pages, revision = [], None
while True:
    page = client.get_transaction_history("1", revision, TransactionHistoryRequest(sort=Order.ASCENDING), GetTransactionHistoryVersion.V1)
    pages.append([transaction(t) for t in page.signedTransactions])
    revision = page.revision
    if not page.hasMore:
        break
call("history", lambda: [len(p) for p in pages])
v2 = client.get_transaction_history("1", None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
call("history-v2", lambda: sorted(set(transaction(t) for t in v2.signedTransactions)))
order = client.look_up_order_id("MK00000001")
call("order", lambda: [order.status, [transaction(t) for t in order.signedTransactions]])
statuses = client.get_all_subscription_statuses("1")
call("statuses", lambda: [
    (d.subscriptionGroupIdentifier, t.rawStatus, verifier.verify_and_decode_renewal_info(t.signedRenewalInfo).autoRenewProductId)
    for d in statuses.data for t in d.lastTransactions])
