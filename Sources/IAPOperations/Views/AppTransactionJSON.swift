import IAPCore
import IAPFormats
import IAPKit

/// The app transaction as JSON (`app-transaction --json`, the control plane).
package enum AppTransactionJSON {
  /// The decoded `AppTransaction` fields, then `signedAppTransaction` and
  /// `deviceVerificationID`.
  package static func document(_ result: AppTransactionResult) -> JSONValue {
    let fields = result.appTransaction.payload.objectValue ?? []
    return .object(
      fields + [("signedAppTransaction", .string(result.signed)), ("deviceVerificationID", .string(result.deviceVerificationID))])
  }
}
