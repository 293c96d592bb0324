import IAPCore
import IAPFormats

/// How a sent notification is signed: the `signedPayload` an App Store server
/// posts (`ResponseBodyV2DecodedPayload`).
package enum NotificationPayload {
  /// A UUID made from the signing key and the notification's number: stable for a scenario
  /// replayed with the same secret, different across stores.
  package static func uuid(sequence: Int, key: [UInt8]) -> String {
    DerivedIdentifier.uuid(key: key, label: "notification \(sequence)")
  }

  /// The decoded payload of notification number `sequence`, signed as of its own date.
  package static func payload(_ n: ServerNotification, sequence: Int, signer: Signer) -> JSONValue {
    let at = signer.at(n.date)
    var app: [(String, JSONValue)] = [("environment", .string(signer.environment.rawValue))]
    if let appAppleId = signer.appAppleId { app.append(("appAppleId", .int(appAppleId))) }
    app.append(("bundleId", .optional(n.appBundleId)))
    var members: [(String, JSONValue)] = [("notificationType", .string(n.type.rawValue))]
    if let subtype = n.subtype { members.append(("subtype", .string(subtype.rawValue))) }
    members.append(("notificationUUID", .string(uuid(sequence: sequence, key: signer.key))))
    if let summary = n.summary {
      // A mass extension's outcome comes as `summary`, in place of `data`.
      members.append(
        ("summary", .object(app + [
          ("productId", .string(summary.productId)), ("requestIdentifier", .string(summary.requestIdentifier)),
          ("storefrontCountryCodes", .array(summary.storefrontCountryCodes.map(JSONValue.string))),
          ("succeededCount", .int(Int64(summary.succeededCount))), ("failedCount", .int(Int64(summary.failedCount))),
        ])))
    } else if let token = n.externalPurchaseToken {
      // EXTERNAL_PURCHASE_TOKEN names no purchase: the token's decoded JSON in place of `data`.
      members.append(("externalPurchaseToken", token.json))
    } else if var appTransaction = n.appTransaction {
      // RESCIND_CONSENT names no purchase: `appData` in place of `data` (Notifications 2.19),
      // its app transaction signed as the environment signs now.
      appTransaction.environment = signer.environment
      appTransaction.appAppleId = signer.appAppleId
      members.append(("appData", .object(app + [("signedAppTransactionInfo", .string(at.sign(appTransaction.payload)))])))
    } else {
      var data = app + [("bundleVersion", .string("1.0"))]
      if let transaction = n.transaction {
        data.append(
          ("signedTransactionInfo", .string(at.sign(at.transactionPayload(transaction)))))
      }
      if let subscription = n.subscription { data.append(("signedRenewalInfo", .string(at.renewalInfo(subscription)))) }
      if let status = n.status { data.append(("status", .int(Int64(status)))) }
      if let reason = n.consumptionRequestReason { data.append(("consumptionRequestReason", .string(reason.rawValue))) }
      members.append(("data", .object(data)))
    }
    members += [("version", .string("2.0")), ("signedDate", .int(n.date.milliseconds))]
    return .object(members)
  }

  /// The `signedPayload` of notification number `sequence`.
  package static func signedPayload(_ n: ServerNotification, sequence: Int, signer: Signer) -> String {
    signer.sign(payload(n, sequence: sequence, signer: signer))
  }
}
