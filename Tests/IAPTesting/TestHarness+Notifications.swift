import IAPCrypto
import IAPFormats

extension TestHarness {
  /// The decoded payloads of the notifications sent so far, oldest first, with
  /// `data.signedTransactionInfo` and `data.signedRenewalInfo` decoded in place as
  /// `data.transaction` and `data.renewalInfo`.
  package func notificationPayloads() -> [JSONValue] {
    let list = run("notifications --json").json["notifications"]?.arrayValue ?? []
    return list.compactMap { item -> JSONValue? in
      guard let token = item["signedPayload"]?.stringValue, let payload = try? JWS.decode(token, key: nil).payload,
        var members = payload.objectValue, var data = payload["data"]?.objectValue
      else { return nil }
      for (signed, name) in [("signedTransactionInfo", "transaction"), ("signedRenewalInfo", "renewalInfo")] {
        if let inner = payload["data"]?[signed]?.stringValue, let decoded = try? JWS.decode(inner, key: nil).payload {
          data.append((name, decoded))
        }
      }
      members = members.map { $0.0 == "data" ? ("data", .object(data)) : $0 }
      return .object(members)
    }
  }

  /// The `notificationType` (and `/subtype`) of every notification sent so far.
  package func notificationTypes() -> [String] {
    notificationPayloads().map { n in
      let type = n["notificationType"]?.stringValue ?? "?"
      return n["subtype"]?.stringValue.map { "\(type)/\($0)" } ?? type
    }
  }
}
