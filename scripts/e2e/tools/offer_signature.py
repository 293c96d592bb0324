"""Makes promotional offer signatures with Apple's App Store Server Library, as an app's
server does, for scripts/e2e/offers.sh.

  offer_signature.py v1 KEY.p8 KEY_ID BUNDLE_ID PRODUCT OFFER USERNAME [TIMESTAMP_MS]
      prints: SIGNATURE NONCE TIMESTAMP (a fresh nonce; the timestamp is now unless given)
  offer_signature.py v2 KEY.p8 KEY_ID ISSUER_ID BUNDLE_ID PRODUCT OFFER [TRANSACTION_ID]
      prints the compact JWS
  offer_signature.py intro KEY.p8 KEY_ID ISSUER_ID BUNDLE_ID PRODUCT ALLOW TRANSACTION_ID
      prints the compact JWS of an introductory offer eligibility (ALLOW: true or false), for
      scripts/e2e/redemptions.sh
"""
import sys
import time
import uuid

from appstoreserverlibrary.promotional_offer import PromotionalOfferSignatureCreator
from appstoreserverlibrary.jws_signature_creator import IntroductoryOfferEligibilitySignatureCreator, PromotionalOfferV2SignatureCreator

mode, key_path = sys.argv[1], sys.argv[2]
key = open(key_path, "rb").read()
if mode == "v1":
    key_id, bundle_id, product, offer, username = sys.argv[3:8]
    timestamp = int(sys.argv[8]) if len(sys.argv) > 8 else int(time.time() * 1000)
    nonce = uuid.uuid4()
    creator = PromotionalOfferSignatureCreator(key, key_id, bundle_id)
    print(creator.create_signature(product, offer, username, nonce, timestamp), nonce, timestamp)
elif mode == "intro":
    key_id, issuer_id, bundle_id, product, allow, transaction_id = sys.argv[3:9]
    creator = IntroductoryOfferEligibilitySignatureCreator(key, key_id, issuer_id, bundle_id)
    print(creator.create_signature(product, allow == "true", transaction_id))
else:
    key_id, issuer_id, bundle_id, product, offer = sys.argv[3:8]
    transaction_id = sys.argv[8] if len(sys.argv) > 8 else None
    creator = PromotionalOfferV2SignatureCreator(key, key_id, issuer_id, bundle_id)
    print(creator.create_signature(product, offer, transaction_id))
