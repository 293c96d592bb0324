import IAPCore
import IAPFormats
import IAPKit

/// How Send Consumption Information's body is checked: version 1 (`ConsumptionRequestV1`,
/// numbered enumerations, every field required but `refundPreference`) and version 2
/// (`ConsumptionRequest`: `customerConsented`, `sampleContentProvided`, `deliveryStatus`
/// required; `consumptionPercentage` in milliunits and `refundPreference` optional).
package enum ConsumptionBody {
  /// A version 1 integer field: its valid values and the error for anything else.
  static let v1Fields: [(String, ClosedRange<Int64>, ServerAPIError)] = [
    ("accountTenure", 0...7, .invalidConsumptionField(4_000_032, "account tenure")),
    ("consumptionStatus", 0...3, .invalidConsumptionField(4_000_034, "consumption status")),
    ("deliveryStatus", 0...5, deliveryStatus),
    ("lifetimeDollarsPurchased", 0...7, .invalidConsumptionField(4_000_037, "lifetime dollars purchased")),
    ("lifetimeDollarsRefunded", 0...7, .invalidConsumptionField(4_000_038, "lifetime dollars refunded")),
    ("platform", 0...2, .invalidConsumptionField(4_000_039, "platform")),
    ("playTime", 0...7, .invalidConsumptionField(4_000_040, "play time")),
    ("userStatus", 0...4, .invalidConsumptionField(4_000_042, "user status")),
  ]
  static let deliveryStatus = ServerAPIError.invalidConsumptionField(4_000_036, "delivery status")
  static let customerConsented = ServerAPIError.invalidConsumptionField(4_000_035, "customer consented")
  static let sampleContentProvided = ServerAPIError.invalidConsumptionField(4_000_041, "sample content provided")
  static let appAccountToken = ServerAPIError.invalidConsumptionField(4_000_033, "app account token")
  static let deliveryStatuses: Set<String> = [
    "DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM", "UNDELIVERED_SERVER_OUTAGE", "UNDELIVERED_OTHER",
  ]
  static let refundPreferences: Set<String> = ["DECLINE", "GRANT_FULL", "GRANT_PRORATED"]

  /// Refuses a body Apple refuses, with Apple's error. The customer must have consented.
  package static func validate(_ body: JSONValue, version: Int) throws(ServerAPIError) {
    guard body["customerConsented"]?.boolValue == true else { throw customerConsented }
    guard body["sampleContentProvided"]?.boolValue != nil else { throw sampleContentProvided }
    if version == 1 {
      for (name, range, error) in v1Fields {
        guard let n = body[name]?.intValue, range.contains(n) else { throw error }
      }
      guard let token = body["appAccountToken"]?.stringValue, token.isEmpty || SignedPayloads.accountToken(token) != nil else {
        throw appAccountToken
      }
      if let preference = body["refundPreference"], preference != .null {
        guard let n = preference.intValue, (0...3).contains(n) else { throw .badRequest("Invalid refund preference.") }
      }
    } else {
      guard let status = body["deliveryStatus"]?.stringValue, deliveryStatuses.contains(status) else {
        throw deliveryStatus
      }
      if let percentage = body["consumptionPercentage"], percentage != .null {
        guard let n = percentage.intValue, (0...100_000).contains(n) else { throw .badRequest("Invalid consumption percentage.") }
      }
      if let preference = body["refundPreference"], preference != .null {
        guard let text = preference.stringValue, refundPreferences.contains(text) else { throw .badRequest("Invalid refund preference.") }
      }
    }
  }
}

extension ConsumptionBody {
  /// The version 2 rules that depend on the purchase, each refused as a bad request
  /// (4000000; Apple's libraries name no code of their own for them):
  /// - `consumptionPercentage` is for one-time purchases: Apple prorates an auto-renewable
  ///   subscription by the time used (consumptionPercentage page), so one is refused there;
  /// - `GRANT_PRORATED` needs a `consumptionPercentage` above 0 to prorate by
  ///   (refundPreference page), except for an auto-renewable subscription.
  static func validate(_ body: JSONValue, for transaction: Transaction) throws(ServerAPIError) {
    let percentage = body["consumptionPercentage"].flatMap { $0 == .null ? nil : $0.intValue }
    let subscription = transaction.productType == .autoRenewable
    if subscription, percentage != nil {
      throw .badRequest("consumptionPercentage does not apply to an auto-renewable subscription.")
    }
    if !subscription, body["refundPreference"]?.stringValue == "GRANT_PRORATED", (percentage ?? 0) <= 0 {
      throw .badRequest("GRANT_PRORATED needs a consumptionPercentage above 0.")
    }
  }
}

extension Workspace {
  /// Use case: Send Consumption Information (`PUT /inApps/v1|v2/transactions/consumption/{id}`):
  /// the developer's answer to a CONSUMPTION_REQUEST, kept with the open refund request it
  /// answers (`iap history --json` shows it). Accepted (202) whether or not a request is
  /// open, as Apple accepts it (kept only with an open one); version 1 takes consumables and
  /// auto-renewable subscriptions; version 2's rules that depend on the product are
  /// `ConsumptionBody.validate(_:for:)`'s.
  package func serverSendConsumptionInformation(_ id: String, body: JSONValue, version: Int) throws(ServerAPIError) {
    try ConsumptionBody.validate(body, version: version)
    try actingForServer { opened, _ throws(ServerAPIError) in
      guard let transaction = try find(id, in: opened), transaction.state == .purchased else { throw .transactionNotFound }
      if version == 1, transaction.productType != .consumable, transaction.productType != .autoRenewable {
        throw .transactionTypeNotSupported
      }
      if version == 2 { try ConsumptionBody.validate(body, for: transaction) }
      _ = opened.store.recordConsumptionInformation(JSONWriter.compact(body), on: transaction)
    }
  }
}
