"""Monthly billing with a 12-month commitment as Apple's library verifies and reads it:
billingPlanType and commitmentInfo on each of the twelve periods' transactions,
renewalBillingPlanType and the renewal's commitmentInfo, through signed notifications."""
from support import P, notification, verifier

CATALOG = """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>bundleId</key><string>%s</string><key>products</key><array>
<dict><key>id</key><string>%s.pro.yearly</string><key>type</key><string>autoRenewable</string>
<key>title</key><string>Pro</string><key>description</key><string>Pro, yearly</string><key>price</key><string>99.99</string>
<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1Y</string>
<key>billingPlans</key><array><dict><key>billingPlanType</key><string>MONTHLY</string><key>price</key><string>9.99</string></dict></array>
</dict></array></dict></plist>
""" % (P, P)


def test_apples_library_reads_twelve_committed_months(store):
    store.path("catalog.plist").write_text(CATALOG)
    store.iap("settings", "set", "environment", "Sandbox")
    check = verifier("SANDBOX", store.root())
    store.iap("clock", "set", "2026-01-31T10:00:00Z")
    store.iap("buy", P + ".pro.yearly", "--billing-plan", "monthly", "--finish")
    store.iap("subscription", "cancel", P + ".pro.yearly")
    store.iap("clock", "advance", "400d")
    signed = store.bodies()
    decoded = [check.verify_and_decode_notification(body) for body in signed]
    assert [n.rawNotificationType for n in decoded] == ["SUBSCRIBED", "DID_CHANGE_RENEWAL_STATUS"] + ["DID_RENEW"] * 11 + ["EXPIRED"]
    periods = [check.verify_and_decode_signed_transaction(n.data.signedTransactionInfo) for n in decoded]
    renewals = [p for i, p in enumerate(periods) if i not in (1, 13)]
    assert [t.commitmentInfo.billingPeriodNumber for t in renewals] == list(range(1, 13))
    assert {(t.rawBillingPlanType, t.price, t.commitmentInfo.totalBillingPeriods, t.commitmentInfo.commitmentPrice) for t in renewals} == {
        ("MONTHLY", 9990, 12, 119880)}
    assert len({t.commitmentInfo.commitmentExpiresDate for t in renewals}) == 1
    # Cancelled: the months owed still renew (autoRenewStatus 1), the commitment does not.
    info = check.verify_and_decode_renewal_info(decoded[1].data.signedRenewalInfo)
    assert (info.rawAutoRenewStatus, info.rawRenewalBillingPlanType, info.commitmentInfo.rawCommitmentAutoRenewStatus,
            info.commitmentInfo.rawCommitmentRenewalBillingPlanType, info.commitmentInfo.commitmentRenewalPrice) == (1, "MONTHLY", 0, "MONTHLY", 9990)
    assert info.commitmentInfo.commitmentRenewalDate == renewals[0].commitmentInfo.commitmentExpiresDate
    expired = notification(check, signed[-1])
    assert (expired["subtype"], expired["expirationIntent"]) == ("VOLUNTARY", 1)
