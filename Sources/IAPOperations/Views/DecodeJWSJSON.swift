import IAPFormats
import IAPKit

/// A decoded signed value as JSON (`jws decode --json`, the control plane's `POST /jws/decode`).
package enum DecodeJWSJSON {
  /// `{"header", "payload", "signatureValid", "failure", "environment", "hint"}`.
  package static func document(_ decoded: DecodeJWSResult) -> JSONValue {
    .object([
      ("header", decoded.header), ("payload", decoded.payload), ("signatureValid", .bool(decoded.signatureValid)),
      ("failure", .optional(decoded.failure)), ("environment", .optional(decoded.environment)), ("hint", .optional(decoded.verifierHint)),
    ])
  }
}
