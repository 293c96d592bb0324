"""The store-side features with Apple's App Store Server Library: RESCIND_CONSENT verified as a user's server
verifies it, and Finish Transaction and anyTransactionId lookups called with Apple's client.

Usage:
  apple_app_data.py consent BUNDLE_ID ENVIRONMENT ROOT_FILE [APP_APPLE_ID] < bodies
      One {"signedPayload": …} body a line: each notification verified, and the app
      transaction its appData carries verified too; prints one JSON line each.
  apple_app_data.py server URL KEY_FILE KEY_ID ISSUER_ID BUNDLE_ID ENVIRONMENT ROOT_FILE ID
      Finish Transaction for ID, then lookups by the customer's appTransactionId; one JSON
      line per call (apple_client.call).
"""
import json
import sys

from appstoreserverlibrary.api_client import GetTransactionHistoryVersion
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

if sys.argv[1] == "consent":
    bundle_id, environment, root_file = sys.argv[2:5]
    app_apple_id = int(sys.argv[5]) if len(sys.argv) > 5 else None
    verifier = SignedDataVerifier([open(root_file, "rb").read()], False, Environment[environment], bundle_id, app_apple_id)
    for line in sys.stdin:
        if not line.strip():
            continue
        n = verifier.verify_and_decode_notification(json.loads(line)["signedPayload"])
        app = verifier.verify_and_decode_app_transaction(n.appData.signedAppTransactionInfo)
        print(json.dumps({
            "type": n.notificationType.value, "hasData": n.data is not None,
            "bundleId": n.appData.bundleId, "environment": n.appData.environment.value, "appAppleId": n.appData.appAppleId,
            "appTransactionId": app.appTransactionId, "appBundleId": app.bundleId,
        }, sort_keys=True))
    sys.exit(0)

from apple_client import call, connect  # noqa: E402

url, key_file, key_id, issuer_id, bundle_id, environment, root_file, tid = sys.argv[2:10]
client, verifier = connect(url, key_file, key_id, issuer_id, bundle_id, environment, root_file)
app_id = verifier.verify_and_decode_signed_transaction(client.get_transaction_info(tid).signedTransactionInfo).appTransactionId
call("finish", lambda: client.finish_transaction(tid) or "finished")
call("finish-again", lambda: client.finish_transaction(tid) or "finished")
call("finish-missing", lambda: client.finish_transaction("999999"))
call("finish-app-id", lambda: client.finish_transaction(app_id))
call("info-app-id", lambda: client.get_transaction_info(app_id))
call("app-info-app-id", lambda: verifier.verify_and_decode_app_transaction(
    client.get_app_transaction_info(app_id).signedAppTransactionInfo).appTransactionId == app_id)
history = client.get_transaction_history(app_id, None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
call("history-app-id", lambda: sorted(verifier.verify_and_decode_signed_transaction(t).productId for t in history.signedTransactions))
statuses = client.get_all_subscription_statuses(app_id)
call("statuses-app-id", lambda: [g.subscriptionGroupIdentifier for g in statuses.data])
