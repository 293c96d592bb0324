"""Calls the App Store Server API endpoints that change the store (test notifications,
notification history, renewal-date extensions, app account tokens) on `iap serve`, with
Apple's App Store Server Library, as a developer's server would.

Usage: server_writes.py URL KEY_FILE KEY_ID ISSUER_ID BUNDLE_ID ENVIRONMENT ROOT_FILE NOW_MS
Prints one JSON line per call: what Apple's client got back (signed values decoded and
verified with SignedDataVerifier against ROOT_FILE), or the APIException it raised.
NOW_MS is the store's clock (set by the test), which history dates are relative to.
"""
import sys
import time

from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.MassExtendRenewalDateRequest import MassExtendRenewalDateRequest
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.UpdateAppAccountTokenRequest import UpdateAppAccountTokenRequest
from apple_client import call, connect

url, key_file, key_id, issuer_id, bundle_id, environment, root_file, now = sys.argv[1:9]
now = int(now)
DAY = 86_400_000
client, verifier = connect(url, key_file, key_id, issuer_id, bundle_id, environment, root_file)


def notification(signed):
    n = verifier.verify_and_decode_notification(signed)
    return [n.rawNotificationType, n.rawSubtype]


def attempts(items):
    return [a.rawSendAttemptResult for a in items or []]


def test_status(token):
    """The status once the background delivery made its attempt (polled for up to 5 s)."""
    for _ in range(50):
        status = client.get_test_notification_status(token)
        if status.sendAttempts:
            break
        time.sleep(0.1)
    return [notification(status.signedPayload), attempts(status.sendAttempts)]


step = sys.argv[9] if len(sys.argv) > 9 else "main"
if step == "main":
    token = client.request_test_notification().testNotificationToken
    call("test-token", lambda: len(token.split("_")) == 2 and len(token.split("_")[0]) == 36)
    call("test-status", lambda: test_status(token))
    call("test-unknown", lambda: client.get_test_notification_status("00000000-0000-0000-0000-000000000000_1"))
    call("test-invalid", lambda: client.get_test_notification_status("nonsense"))

    def extend(request_id, days=10):
        r = client.extend_subscription_renewal_date(
            "1", ExtendRenewalDateRequest(extendByDays=days, extendReasonCode=ExtendReasonCode.CUSTOMER_SATISFACTION, requestIdentifier=request_id))
        return [r.originalTransactionId, r.success, r.effectiveDate]

    before = verifier.verify_and_decode_signed_transaction(client.get_transaction_info("1").signedTransactionInfo).expiresDate
    call("extend-1", lambda: (lambda r: [r[0], r[1], r[2] - before])(extend("r1")))
    after = verifier.verify_and_decode_signed_transaction(client.get_transaction_info("1").signedTransactionInfo).expiresDate
    call("expires-moved", lambda: after - before)
    call("extend-again", lambda: (lambda r: r[2] - before)(extend("r1")))
    call("extend-2", lambda: (lambda r: r[2] - before)(extend("r2", 5)))
    call("extend-3", lambda: extend("r3"))
    call("extend-91", lambda: extend("r4", 91))
    call("extend-unknown", lambda: client.extend_subscription_renewal_date(
        "999", ExtendRenewalDateRequest(extendByDays=1, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier="x")))
    mass = client.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
        extendByDays=3, extendReasonCode=ExtendReasonCode.SERVICE_ISSUE_OR_OUTAGE, requestIdentifier="m1",
        productId=bundle_id + ".pro.monthly"))
    call("mass", lambda: mass.requestIdentifier)
    status = client.get_status_of_subscription_renewal_date_extensions("m1", bundle_id + ".pro.monthly")
    call("mass-status", lambda: [status.complete, status.succeededCount, status.failedCount])
    call("mass-unknown", lambda: client.get_status_of_subscription_renewal_date_extensions("m9", bundle_id + ".pro.monthly"))
    token_value = "7389A31A-FB6D-4569-A2A6-DB7D85D84813"
    client.set_app_account_token("1", UpdateAppAccountTokenRequest(appAccountToken=token_value))
    info = verifier.verify_and_decode_signed_transaction(client.get_transaction_info("1").signedTransactionInfo)
    call("app-account-token", lambda: info.appAccountToken)
    # Renewal info carries it too, and the customer's appTransactionId.
    last = client.get_all_subscription_statuses("1").data[0].lastTransactions[0]
    renewal = verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
    call("renewal-app-account-token", lambda: [renewal.appAccountToken, renewal.appTransactionId == info.appTransactionId])
    call("app-account-token-bad", lambda: client.set_app_account_token("1", UpdateAppAccountTokenRequest(appAccountToken="not-a-uuid")))
elif step == "failing":
    token = client.request_test_notification().testNotificationToken
    call("test-failing", lambda: test_status(token))


def history(**filters):
    request = NotificationHistoryRequest(startDate=now - DAY, endDate=now + DAY, **filters)
    items, token = [], None
    while True:
        page = client.get_notification_history(token, request)
        items += [notification(i.signedPayload) + [attempts(i.sendAttempts)] for i in page.notificationHistory]
        if not page.hasMore:
            return items
        token = page.paginationToken


if step == "history":
    call("history", lambda: history())
    call("history-failures", lambda: history(onlyFailures=True))
    call("history-type", lambda: history(notificationType="RENEWAL_EXTENDED"))
    call("history-customer", lambda: len(history(transactionId="1")))
    call("history-too-old", lambda: client.get_notification_history(None, NotificationHistoryRequest(startDate=now - 200 * DAY, endDate=now)))
    call("history-both-filters", lambda: client.get_notification_history(
        None, NotificationHistoryRequest(startDate=now - DAY, endDate=now, transactionId="1", notificationType="TEST")))


if step == "consumption":
    from appstoreserverlibrary.models.AccountTenure import AccountTenure
    from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
    from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
    from appstoreserverlibrary.models.ConsumptionStatus import ConsumptionStatus
    from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
    from appstoreserverlibrary.models.DeliveryStatusV1 import DeliveryStatusV1
    from appstoreserverlibrary.models.LifetimeDollarsPurchased import LifetimeDollarsPurchased
    from appstoreserverlibrary.models.LifetimeDollarsRefunded import LifetimeDollarsRefunded
    from appstoreserverlibrary.models.Platform import Platform
    from appstoreserverlibrary.models.PlayTime import PlayTime
    from appstoreserverlibrary.models.RefundPreference import RefundPreference
    from appstoreserverlibrary.models.UserStatus import UserStatus

    v1 = ConsumptionRequestV1(
        customerConsented=True, consumptionStatus=ConsumptionStatus.PARTIALLY_CONSUMED, platform=Platform.APPLE,
        sampleContentProvided=False, deliveryStatus=DeliveryStatusV1.DELIVERED_AND_WORKING_PROPERLY, appAccountToken="",
        accountTenure=AccountTenure.THIRTY_DAYS_TO_NINETY_DAYS, playTime=PlayTime.ONE_TO_SIX_HOURS,
        lifetimeDollarsRefunded=LifetimeDollarsRefunded.ZERO_DOLLARS,
        lifetimeDollarsPurchased=LifetimeDollarsPurchased.FIFTY_DOLLARS_TO_NINETY_NINE_DOLLARS_AND_NINETY_NINE_CENTS,
        userStatus=UserStatus.ACTIVE)
    call("consumption-v1", lambda: client.send_consumption_data("1", v1) is None)
    v2 = ConsumptionRequest(
        customerConsented=True, sampleContentProvided=True, deliveryStatus=DeliveryStatus.DELIVERED,
        consumptionPercentage=50000, refundPreference=RefundPreference.GRANT_PRORATED)
    # Transaction 1 is a subscription: prorated by time, no percentage.
    call("consumption-v2-percentage", lambda: client.send_consumption_information("1", v2))
    v2.consumptionPercentage = None
    call("consumption-v2", lambda: client.send_consumption_information("1", v2) is None)
    v2.customerConsented = False
    call("consumption-no-consent", lambda: client.send_consumption_information("1", v2))
