"""Decodes iap's signed data with Apple's App Store Server Library, as a user's server would.

Usage: apple_verify.py BUNDLE_ID KIND [ENVIRONMENT ROOT_FILE [APP_APPLE_ID]] < tokens
KIND is transaction, renewal, app-transaction or notification. Reads one signed value (or,
for notification, one {"signedPayload": …} body) per line and prints, per line, the decoded
fields as JSON. Exits non-zero if the library rejects anything. Without ENVIRONMENT the
verifier is LOCAL_TESTING, which skips the signature; with SANDBOX or PRODUCTION it checks
the x5c chain against ROOT_FILE (DER) as its one trusted root, online checks off.
"""
import json
import sys

import attr

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

bundle_id, kind = sys.argv[1], sys.argv[2]
if len(sys.argv) > 3:
    roots = [open(sys.argv[4], "rb").read()]
    app_apple_id = int(sys.argv[5]) if len(sys.argv) > 5 else None
    verifier = SignedDataVerifier(roots, False, Environment[sys.argv[3]], bundle_id, app_apple_id)
else:
    verifier = SignedDataVerifier([], False, Environment.LOCAL_TESTING, bundle_id, None)


def plain(obj):
    fields = attr.asdict(obj, recurse=False)
    return {k: (v.value if hasattr(v, "value") else v) for k, v in fields.items() if v is not None and not k.startswith("raw")}


for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    if kind == "transaction":
        print(json.dumps(plain(verifier.verify_and_decode_signed_transaction(line)), sort_keys=True))
    elif kind == "renewal":
        print(json.dumps(plain(verifier.verify_and_decode_renewal_info(line)), sort_keys=True))
    elif kind == "app-transaction":
        print(json.dumps(plain(verifier.verify_and_decode_app_transaction(line)), sort_keys=True))
    else:
        n = verifier.verify_and_decode_notification(json.loads(line)["signedPayload"])
        t = verifier.verify_and_decode_signed_transaction(n.data.signedTransactionInfo)
        r = verifier.verify_and_decode_renewal_info(n.data.signedRenewalInfo) if n.data.signedRenewalInfo else None
        print(json.dumps({
            "type": n.notificationType.value, "subtype": n.subtype.value if n.subtype else None,
            "status": n.data.status.value if n.data.status else None, "environment": n.data.environment.value,
            "appAppleId": n.data.appAppleId,
            "transactionId": t.transactionId, "productId": t.productId,
            "autoRenewStatus": r.autoRenewStatus.value if r else None,
            "inAppOwnershipType": t.inAppOwnershipType.value if t.inAppOwnershipType else None,
            "revocationDate": t.revocationDate,
            "revocationReason": t.revocationReason.value if t.revocationReason is not None else None,
            "revocationType": t.rawRevocationType, "revocationPercentage": t.revocationPercentage,
            "appTransactionId": t.appTransactionId,
            "priceIncreaseStatus": r.priceIncreaseStatus.value if r and r.priceIncreaseStatus is not None else None,
            "expirationIntent": r.expirationIntent.value if r and r.expirationIntent else None,
            # Newer versions of the library only (App Store Server Notifications 2.11).
            "consumptionRequestReason": getattr(getattr(n.data, "consumptionRequestReason", None), "value", None),
        }, sort_keys=True))
