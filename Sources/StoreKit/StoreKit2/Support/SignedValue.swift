import Foundation
import IAPFormats

/// A compact JWS the store signed, split into the parts StoreKit hands out beside the value
/// it carries (`jwsRepresentation`, `headerData`, `payloadData`, `signedData`, the signature).
struct SignedValue: Sendable, Hashable {
  /// The compact JWS as the store sent it.
  let jws: String
  /// The decoded header (JSON).
  let headerData: Data
  /// The decoded payload (JSON): the value's `jsonRepresentation`.
  let payloadData: Data
  /// The decoded signature.
  let signatureData: Data
  /// What the signature covers: the header and the payload as they stand in the JWS.
  let signedData: Data

  /// Nil when `jws` is not three Base64URL parts.
  init?(_ jws: String) {
    let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let header = try? Base64URL.decode(String(parts[0])), let payload = try? Base64URL.decode(String(parts[1])),
      let signature = try? Base64URL.decode(String(parts[2]))
    else { return nil }
    self.jws = jws
    headerData = Data(header)
    payloadData = Data(payload)
    signatureData = Data(signature)
    signedData = Data((parts[0] + "." + parts[1]).utf8)
  }

  static func == (lhs: SignedValue, rhs: SignedValue) -> Bool { lhs.jws == rhs.jws }
  func hash(into hasher: inout Hasher) { hasher.combine(jws) }
}
