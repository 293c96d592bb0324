"""Verifies iap's signed transactions and renewal info with Apple's App Store Server Library
and prints the offer fields as the library decodes them (enum names), for
scripts/e2e/redemptions.sh.

Usage: apple_offers.py BUNDLE_ID KIND ENVIRONMENT ROOT_FILE [APP_APPLE_ID] < tokens
KIND is transaction or renewal; ENVIRONMENT is SANDBOX or PRODUCTION (the x5c chain is
checked against ROOT_FILE, DER, online checks off). Per token, one line:
  transaction: OFFER_TYPE OFFER_IDENTIFIER OFFER_DISCOUNT_TYPE OFFER_PERIOD PRICE ENVIRONMENT
  renewal:     ELIGIBLE_WIN_BACK_OFFER_IDS (comma-separated, or None) ENVIRONMENT
Exits non-zero if the library rejects anything.
"""
import sys

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

bundle_id, kind, environment, root = sys.argv[1:5]
app_apple_id = int(sys.argv[5]) if len(sys.argv) > 5 else None
verifier = SignedDataVerifier([open(root, "rb").read()], False, Environment[environment], bundle_id, app_apple_id)


def name(value):
    return value.name if value is not None and hasattr(value, "name") else str(value)


for line in sys.stdin:
    token = line.strip()
    if not token:
        continue
    if kind == "transaction":
        t = verifier.verify_and_decode_signed_transaction(token)
        print(name(t.offerType), t.offerIdentifier, name(t.offerDiscountType), t.offerPeriod, t.price, name(t.environment))
    else:
        r = verifier.verify_and_decode_renewal_info(token)
        ids = ",".join(r.eligibleWinBackOfferIds) if r.eligibleWinBackOfferIds else None
        print(ids, name(r.environment))
