#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPFormats

/// Checks a compact JWS as Apple's `SignedDataVerifier` checks App Store data in Sandbox and
/// Production: `alg` ES256, an `x5c` chain of three certificates whose root is the trusted
/// one, valid on the payload's `signedDate`, the intermediate and the leaf carrying Apple's
/// markers, and the signature made by the leaf's key.
package enum SignatureCheck {
  /// Nil when `token` passes every check, else the first check it failed, in words.
  ///
  /// - Parameters:
  ///   - trustedRoot: the DER root certificate the chain must end in.
  ///   - date: when the chain must be valid (the payload's `signedDate`, as Apple's
  ///     verifier takes it when its online checks are off).
  package static func es256Failure(_ token: String, header: JSONValue, trustedRoot: [UInt8], at date: Timestamp) -> String? {
    guard header["alg"]?.stringValue == "ES256" else { return "alg is not ES256" }
    guard let x5c = header["x5c"]?.arrayValue, x5c.count == 3 else { return "x5c: expected a chain of 3 certificates" }
    var ders: [[UInt8]] = []
    for (index, item) in x5c.enumerated() {
      guard let text = item.stringValue, let data = Data(base64Encoded: text) else { return "x5c[\(index)] is not base64" }
      ders.append([UInt8](data))
    }
    let leaf: X509Certificate
    do {
      leaf = try X509Chain.verify(
        leaf: ders[0], intermediate: ders[1], root: ders[2], trustedRoot: trustedRoot, at: date,
        verify: { key, message, signature in
          guard let key = P256.PublicKey(x963Representation: key), let signature = P256.Signature(rawRepresentation: signature) else {
            return false
          }
          return key.isValidSignature(signature, for: message)
        })
    } catch {
      return "certificate chain: \(error)"
    }
    guard leaf.extension(OID.appleReceiptSigningMarker) != nil else { return "leaf certificate lacks Apple's marker \(OID.appleReceiptSigningMarker)" }
    guard (try? X509Certificate(der: ders[1]))?.extension(OID.appleWWDRIntermediateMarker) != nil else {
      return "intermediate certificate lacks Apple's marker \(OID.appleWWDRIntermediateMarker)"
    }
    guard let bytes = leaf.p256PublicKey, let key = P256.PublicKey(x963Representation: bytes) else { return "leaf key is not a P-256 key" }
    guard JWS.isValidES256(token, key: key) else { return "signature does not verify under the leaf certificate's key" }
    return nil
  }
}
