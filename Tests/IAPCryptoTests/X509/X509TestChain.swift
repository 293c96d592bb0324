@testable import IAPCrypto

/// A root → intermediate → leaf chain shaped like Apple's App Store signing chain, for the
/// certificate tests; `build` takes the signing as a closure so the same chain is signed
/// by a stand-in in the pure tests and by `openssl` in the cross-checks.
struct X509TestChain {
  static let rootName = X509Name(
    commonName: "iap Test Root CA - G3", organizationalUnit: "iap Certification Authority", organization: "iap", country: "US")
  static let intermediateName = X509Name(
    commonName: "iap Worldwide Developer Relations Certification Authority", organizationalUnit: "G6", organization: "iap",
    country: "US")
  static let leafName = X509Name(
    commonName: "iap App Store Receipt Signing", organizationalUnit: "iap Worldwide Developer Relations", organization: "iap",
    country: "US")

  /// 2023-11-14T22:13:20Z, 2033-05-18T03:33:20Z, 2046-01-19T18:40:00Z, 2061-11-23T19:33:20Z (a GeneralizedTime).
  static let start: Int64 = 1_700_000_000
  static let leafEnd: Int64 = 2_000_000_000
  static let intermediateEnd: Int64 = 2_400_000_000
  static let rootEnd: Int64 = 2_900_000_000

  var root: X509CertificateBuilder
  var intermediate: X509CertificateBuilder
  var leaf: X509CertificateBuilder

  /// Builders for keys `rootKey`, `intermediateKey` and `leafKey` (65-byte points).
  init(rootKey: [UInt8], intermediateKey: [UInt8], leafKey: [UInt8]) {
    root = X509CertificateBuilder(
      serialNumber: [0x01], issuer: Self.rootName, subject: Self.rootName, notBefore: Self.start, notAfter: Self.rootEnd,
      publicKey: rootKey,
      extensions: X509CertificateBuilder.standardExtensions(ca: true, publicKey: rootKey, issuerPublicKey: rootKey))
    intermediate = X509CertificateBuilder(
      serialNumber: [0x02, 0x2A], issuer: Self.rootName, subject: Self.intermediateName, notBefore: Self.start,
      notAfter: Self.intermediateEnd, publicKey: intermediateKey,
      extensions: X509CertificateBuilder.standardExtensions(
        ca: true, pathLength: 0, publicKey: intermediateKey, issuerPublicKey: rootKey,
        extra: [.marker(OID.appleWWDRIntermediateMarker)]))
    leaf = X509CertificateBuilder(
      serialNumber: [0x9A, 0x00, 0x7C, 0x41, 0x22, 0x13, 0xF0, 0x0D, 0x5E, 0x11, 0x00, 0x42, 0xAB, 0xCD, 0xEF, 0x01],
      issuer: Self.intermediateName, subject: Self.leafName, notBefore: Self.start, notAfter: Self.leafEnd,
      publicKey: leafKey,
      extensions: X509CertificateBuilder.standardExtensions(
        ca: false, publicKey: leafKey, issuerPublicKey: intermediateKey, extra: [.marker(OID.appleReceiptSigningMarker)]))
  }

  /// The DER certificates; `sign(issuer, tbs)` signs with the key of the issuing position.
  func build(sign: (X509ChainPosition, [UInt8]) -> [UInt8]) throws -> (leaf: [UInt8], intermediate: [UInt8], root: [UInt8]) {
    (
      try leaf.build { sign(.intermediate, $0) }, try intermediate.build { sign(.root, $0) },
      try root.build { sign(.root, $0) }
    )
  }
}

/// A stand-in for ECDSA in tests that do not exercise the curve: the "public key" is the
/// signer's identity and the "signature" is a hash binding it to the message, so any change
/// to a signed byte, or the wrong key, makes verification fail.
enum FakeSignature {
  /// A 65-byte point-shaped key for `name`.
  static func key(_ name: String) -> [UInt8] { [0x04] + SHA256.hash(Array(name.utf8)) + SHA256.hash(Array((name + "y").utf8)) }

  /// 64 bytes whose halves are valid P-256 scalars (first byte 0x01 keeps them below n).
  static func sign(key: [UInt8], message: [UInt8]) -> [UInt8] {
    [0x01] + SHA256.hash(key + message).dropFirst() + [0x01] + SHA256.hash(message + key).dropFirst()
  }

  static func verify(key: [UInt8], message: [UInt8], signature: [UInt8]) -> Bool { signature == sign(key: key, message: message) }
}
