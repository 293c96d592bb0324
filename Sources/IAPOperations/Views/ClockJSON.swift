import IAPCore
import IAPFormats
import IAPKit

/// The store's clock as JSON (`clock --json`, the control plane).
package enum ClockJSON {
  /// `{"now", "mode", "transactions"}`: the time, `real` or `simulated`, and the renewals a
  /// move made.
  package static func document(_ reading: ClockReading, made: [Transaction] = [], signer: Signer? = nil) -> JSONValue {
    .object([
      ("now", .string(reading.now.iso8601)), ("mode", .string(reading.clock.isReal ? "real" : "simulated")),
      ("transactions", .array(made.map { TransactionJSON.object($0, signer: signer) })),
    ])
  }
}
