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
    # The client sends `revoked` as str(bool): True, False.
    revoked = client.get_transaction_history("1", None, TransactionHistoryRequest(revoked=True), GetTransactionHistoryVersion.V2)
    call("revoked", lambda: [transaction(t) for t in revoked.signedTransactions])
    # A change after a kept revision comes again after it (history sorts by modification).
    since = client.get_transaction_history("1", sys.argv[9], TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
    call("since-revision", lambda: [
        (transaction(t), verifier.verify_and_decode_signed_transaction(t).revocationDate is not None) for t in since.signedTransactions])
    sys.exit(0)

call("info", lambda: transaction(client.get_transaction_info("1").signedTransactionInfo))
call("missing", lambda: client.get_transaction_info("999"))
pages, revision = [], None
while True:
    page = client.get_transaction_history("1", revision, TransactionHistoryRequest(sort=Order.ASCENDING), GetTransactionHistoryVersion.V2)
    pages.append([transaction(t) for t in page.signedTransactions])
    revision = page.revision
    if not page.hasMore:
        break
call("history", lambda: [len(p) for p in pages])
call("revision", lambda: revision)
# Version 1 leaves out finished consumables; version 2 (above) returns them.
v1 = client.get_transaction_history("1", None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V1)
call("history-v1", lambda: sorted(set(transaction(t) for t in v1.signedTransactions)))
# Get App Transaction Info (API 1.17): the customer's app transaction, whose id its
# transactions carry; in Sandbox originalPurchaseDate is always 2013-08-01.
app = verifier.verify_and_decode_app_transaction(client.get_app_transaction_info("1").signedAppTransactionInfo)
first = verifier.verify_and_decode_signed_transaction(client.get_transaction_info("1").signedTransactionInfo)
call("app-transaction", lambda: [app.appTransactionId == first.appTransactionId, app.originalPurchaseDate])
call("app-transaction-missing", lambda: client.get_app_transaction_info("999"))
order = client.look_up_order_id("MK00000001")
call("order", lambda: [order.status, [transaction(t) for t in order.signedTransactions]])
statuses = client.get_all_subscription_statuses("1")
call("statuses", lambda: [
    (d.subscriptionGroupIdentifier, t.rawStatus, verifier.verify_and_decode_renewal_info(t.signedRenewalInfo).autoRenewProductId)
    for d in statuses.data for t in d.lastTransactions])
