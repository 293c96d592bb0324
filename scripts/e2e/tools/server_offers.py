"""Reads redeemed offers back from `iap serve` with Apple's App Store Server Library, as a
developer's server would, for scripts/e2e/redemptions.sh.

Usage: server_offers.py URL KEY_FILE KEY_ID ISSUER_ID BUNDLE_ID ENVIRONMENT ROOT_FILE APP_APPLE_ID TRANSACTION_ID...
APP_APPLE_ID is the app's Apple ID (Production needs it) or -. Prints one JSON line per
transaction (Get Transaction Info, verified with SignedDataVerifier against ROOT_FILE): its
offerType and offerDiscountType as the library names them, and offerIdentifier.
"""
import sys

from appstoreserverlibrary.api_client import AppStoreServerAPIClient
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
from apple_client import call

url, key_file, key_id, issuer_id, bundle_id, environment, root_file, app_apple_id = sys.argv[1:9]
env = Environment[environment]
client = AppStoreServerAPIClient(open(key_file, "rb").read(), key_id, issuer_id, bundle_id, env)
client._base_url = url
verifier = SignedDataVerifier(
    [open(root_file, "rb").read()], False, env, bundle_id, None if app_apple_id == "-" else int(app_apple_id))


def offer(transaction_id):
    t = verifier.verify_and_decode_signed_transaction(client.get_transaction_info(transaction_id).signedTransactionInfo)
    return [t.offerType.name if t.offerType else None, t.offerDiscountType.name if t.offerDiscountType else None, t.offerIdentifier]


for transaction_id in sys.argv[9:]:
    call(transaction_id, lambda: offer(transaction_id))
