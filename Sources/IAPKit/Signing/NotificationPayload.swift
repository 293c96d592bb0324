import IAPCore


/// How a sent notification is signed: the `signedPayload` an App Store server
/// posts (`ResponseBodyV2DecodedPayload`).
public enum NotificationPayload {
  /// A UUID made from the signing key and the notification's number: stable for a scenario
  /// replayed with the same secret, different across stores.
  public static func uuid(sequence: Int, key: [UInt8]) -> String {
    DerivedIdentifier.uuid(key: key, label: "notification \(sequence)")
  }

  /// The decoded payload of notification number `sequence`, signed as of its own date.
  public static func payload(_ n: ServerNotification, sequence: Int, signer: Signer) -> JSONValue {
    let at = signer.at(n.date)
    var data: [(String, JSONValue)] = [
      ("environment", .string(signer.environment)),
      ("bundleId", .optional(n.transaction.bundleId)),
    ]
    if let appAppleId = signer.appAppleId { data.append(("appAppleId", .int(appAppleId))) }
    data += [
      ("bundleVersion", .string("1.0")),
      ("signedTransactionInfo", .string(at.sign(SignedPayloads.transaction(n.transaction, environment: signer.environment, signedDate: n.date)))),
    ]
    if let subscription = n.subscription { data.append(("signedRenewalInfo", .string(at.renewalInfo(subscription)))) }
    if let status = n.status { data.append(("status", .int(Int64(status)))) }
    if let reason = n.consumptionRequestReason { data.append(("consumptionRequestReason", .string(reason.rawValue))) }
    var members: [(String, JSONValue)] = [("notificationType", .string(n.type))]
    if let subtype = n.subtype { members.append(("subtype", .string(subtype))) }
    members += [
      ("notificationUUID", .string(uuid(sequence: sequence, key: signer.key))),
      ("data", .object(data)),
      ("version", .string("2.0")),
      ("signedDate", .int(n.date.milliseconds)),
    ]
    return .object(members)
  }

  /// The `signedPayload` of notification number `sequence`.
  public static func signedPayload(_ n: ServerNotification, sequence: Int, signer: Signer) -> String {
    signer.sign(payload(n, sequence: sequence, signer: signer))
  }
}
