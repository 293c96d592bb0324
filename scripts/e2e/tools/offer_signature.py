"""Makes promotional offer signatures with Apple's App Store Server Library, as an app's
server does, for scripts/e2e/offers.sh.

  offer_signature.py v1 KEY.p8 KEY_ID BUNDLE_ID PRODUCT OFFER USERNAME [TIMESTAMP_MS]
      prints: SIGNATURE NONCE TIMESTAMP (a fresh nonce; the timestamp is now unless given)
  offer_signature.py v2 KEY.p8 KEY_ID ISSUER_ID BUNDLE_ID PRODUCT OFFER [TRANSACTION_ID]
      prints the compact JWS
"""
import sys
import time
import uuid

from appstoreserverlibrary.promotional_offer import PromotionalOfferSignatureCreator
from appstoreserverlibrary.jws_signature_creator import PromotionalOfferV2SignatureCreator

mode, key_path = sys.argv[1], sys.argv[2]
key = open(key_path, "rb").read()
if mode == "v1":
    key_id, bundle_id, product, offer, username = sys.argv[3:8]
    timestamp = int(sys.argv[8]) if len(sys.argv) > 8 else int(time.time() * 1000)
    nonce = uuid.uuid4()
    creator = PromotionalOfferSignatureCreator(key, key_id, bundle_id)
    print(creator.create_signature(product, offer, username, nonce, timestamp), nonce, timestamp)
else:
    key_id, issuer_id, bundle_id, product, offer = sys.argv[3:8]
    transaction_id = sys.argv[8] if len(sys.argv) > 8 else None
    creator = PromotionalOfferV2SignatureCreator(key, key_id, issuer_id, bundle_id)
    print(creator.create_signature(product, offer, transaction_id))
