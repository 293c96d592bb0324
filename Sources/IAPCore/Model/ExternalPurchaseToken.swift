import IAPFormats

/// An external purchase token (StoreKit's External Purchase API): what the system gives an
/// app configured for external purchase when the customer goes on to buy outside the App
/// Store (`ExternalPurchase.NoticeResult.continuedWithExternalPurchaseToken(token:)`). The
/// developer reports it to Apple; one not reported brings an EXTERNAL_PURCHASE_TOKEN
/// notification, whose `externalPurchaseToken` carries these fields.
package struct ExternalPurchaseToken: Equatable, Sendable {
  /// The token's unique identifier; a sandbox token's begins with `SANDBOX`, as Apple's.
  package var externalPurchaseId: String
  /// When the system created the token.
  package var tokenCreationDate: Timestamp
  /// The app's Apple ID; nil when the store has none set (`app-apple-id`).
  package var appAppleId: Int64?
  /// The app's bundle id.
  package var bundleId: String

  package init(externalPurchaseId: String, tokenCreationDate: Timestamp, appAppleId: Int64?, bundleId: String) {
    self.externalPurchaseId = externalPurchaseId
    self.tokenCreationDate = tokenCreationDate
    self.appAppleId = appAppleId
    self.bundleId = bundleId
  }

  /// How long the developer has to report a token: Apple notifies of a token not reported
  /// "10 days after the system creates the token" (Reporting unrecognized and transactionless
  /// tokens, External Purchase Server API).
  package static let reportingPeriodMilliseconds: Int64 = 10 * 86_400_000

  /// When Apple sends EXTERNAL_PURCHASE_TOKEN UNREPORTED for the token if it is still unreported.
  package var unreportedDate: Timestamp { Timestamp(milliseconds: tokenCreationDate.milliseconds + Self.reportingPeriodMilliseconds) }

  /// The token's decoded JSON, as the app's token holds it and as the notification's
  /// `externalPurchaseToken` object carries it.
  package var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("externalPurchaseId", .string(externalPurchaseId)), ("tokenCreationDate", .int(tokenCreationDate.milliseconds)),
    ]
    if let appAppleId { members.append(("appAppleId", .int(appAppleId))) }
    members.append(("bundleId", .string(bundleId)))
    return .object(members)
  }

  /// The token as `json` wrote it; nil for anything else.
  package init?(json: JSONValue) {
    guard let id = json["externalPurchaseId"]?.stringValue, let created = json["tokenCreationDate"]?.intValue,
      let bundleId = json["bundleId"]?.stringValue
    else { return nil }
    self.init(
      externalPurchaseId: id, tokenCreationDate: Timestamp(milliseconds: created), appAppleId: json["appAppleId"]?.intValue,
      bundleId: bundleId)
  }

  /// The token string the app receives: its JSON, Base64URL-encoded.
  package var token: String { Base64URL.encode(JSONWriter.compact(json)) }
}
