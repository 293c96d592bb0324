import IAPCore
import IAPFormats
import IAPKit

/// The JSON of `iap consent rescind --json` and of the control plane's `/consent/rescind`.
package enum ConsentJSON {
  package static func document(_ result: RescindConsentResult, account: String) -> JSONValue {
    .object([
      ("account", .string(account)),
      ("notificationType", .string(result.notification.type.rawValue)),
      ("appTransactionId", .string(result.appTransaction.appTransactionId)),
      ("bundleId", .string(result.appTransaction.bundleId)),
      ("date", .string(result.notification.date.iso8601)),
    ])
  }
}
