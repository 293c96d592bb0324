/// ECDSA over NIST P-256 with SHA-256 (FIPS 186-4 §6, SEC 1 §4.1), the "ES256" of JWS.
///
/// `iap` signs its receipts and StoreKit 2 JWS payloads itself: Foundation has no elliptic
/// curves on Linux and the package takes no dependencies. Keys, signatures and points use
/// the raw byte forms only (32-byte scalars, X9.63 uncompressed points, r || s); DER lives
/// with the X.509 code. Signing is deterministic (RFC 6979) and never normalises s to the
/// lower half, so it reproduces the RFC's vectors; verification accepts any s in 1…n-1.
///
/// The arithmetic is variable-time. That is a deliberate trade for a simulator whose keys
/// sign test receipts; it must not be reused where a timing side channel matters.
package enum P256 {
  /// `bits2int(digest) mod n` (RFC 6979 §2.3.2, FIPS 186-4 §6.4): the leftmost 256 bits of
  /// the digest, reduced once since any 256-bit value is below 2n.
  static func scalar(ofDigest digest: [UInt8]) -> UInt256 {
    Scalar(reducing: UInt256(leftmostBitsOf: digest)).value
  }

  /// Whether a value is a valid private scalar or signature half: 1…n-1.
  static func isInScalarRange(_ value: UInt256) -> Bool {
    !value.isZero && value < P256OrderModulus.modulus
  }
}
