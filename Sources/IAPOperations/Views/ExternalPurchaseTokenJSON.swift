import IAPCore
import IAPFormats
import IAPKit

/// The JSON of `iap external-purchase token --json` and of its control-plane route.
package enum ExternalPurchaseTokenJSON {
  /// The token's decoded fields, then `token`, the string the app receives, and
  /// `unreportedDate`, when Apple sends EXTERNAL_PURCHASE_TOKEN UNREPORTED for it.
  package static func document(_ token: ExternalPurchaseToken) -> JSONValue {
    .object(
      (token.json.objectValue ?? []) + [
        ("token", .string(token.token)), ("unreportedDate", .string(token.unreportedDate.iso8601)),
      ])
  }
}
