#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPCrypto
import IAPFormats
import IAPSystem

/// The state's own certificate chain, made as Apple's is: a root CA, an intermediate marked
/// with Apple's WWDR extension (1.2.840.113635.100.6.2.1) and a leaf marked as Apple's
/// receipt-signing certificate (1.2.840.113635.100.6.11.1), all P-256 with SHA-256, with
/// subject and authority key identifiers. Apple's `SignedDataVerifier` in Sandbox or
/// Production accepts what the leaf signs when this root is its trusted root.
///
/// Every key and certificate derives from the signing secret (HMAC-SHA256 seeds, RFC 6979
/// signatures), so the same secret gives byte-identical certificates and tokens, and each
/// state, with its own secret, a root of its own. The certificates are valid through every
/// date the store's clock can show (the years 0000 to 9999).
package struct SigningChain: Sendable {
  /// The DER certificates.
  package let root: [UInt8]
  package let intermediate: [UInt8]
  package let leaf: [UInt8]
  /// What signs the data; its certificate is `leaf`.
  let leafKey: P256.PrivateKey
  /// `header`, encoded and hashed once: the server signs every answer under it.
  let preparedHeader: JWS.ES256Header

  /// The first and last seconds the store's clock can show (years 0000 to 9999).
  static let validity: (notBefore: Int64, notAfter: Int64) = (-62_167_219_200, 253_402_300_799)

  /// The chain of `secret`, made once per process: a command makes one, but `iap serve` signs
  /// with it in every request, and making it costs three key derivations and three
  /// certificate signatures.
  package static func cached(secret: [UInt8]) -> SigningChain {
    cache.withLock { cache in
      if let chain = cache[secret] { return chain }
      let chain = SigningChain(secret: secret)
      if cache.count >= 8 { cache.removeAll() }  // a server sees one secret, a test a few
      cache[secret] = chain
      return chain
    }
  }

  private static let cache = Locked<[[UInt8]: SigningChain]>([:])

  /// The chain of the state whose signing secret is `secret`.
  package init(secret: [UInt8]) {
    func derived(_ what: String) -> [UInt8] { SHA256.hmac(key: secret, message: Array("iap signing chain: \(what)".utf8)) }
    let rootKey = P256.PrivateKey(seed: derived("root key"))
    let intermediateKey = P256.PrivateKey(seed: derived("intermediate key"))
    leafKey = P256.PrivateKey(seed: derived("leaf key"))
    let rootName = X509Name(commonName: "iap Simulated Root CA", organizationalUnit: "iap", organization: "iap (not Apple)", country: "US")
    let intermediateName = X509Name(
      commonName: "iap Simulated Worldwide Developer Relations CA", organizationalUnit: "iap", organization: "iap (not Apple)", country: "US")
    let leafName = X509Name(
      commonName: "iap Simulated App Store Signing", organizationalUnit: "iap", organization: "iap (not Apple)", country: "US")
    func certificate(
      _ role: String, subject: X509Name, key: P256.PublicKey, issuer: X509Name, issuerKey: P256.PrivateKey, ca: Bool, pathLength: Int?,
      marker: String?
    ) -> [UInt8] {
      var serial = Array(derived("\(role) serial").prefix(16))
      serial[0] = (serial[0] & 0x3F) | 0x40  // positive and never zero
      let builder = X509CertificateBuilder(
        serialNumber: serial, issuer: issuer, subject: subject, notBefore: Self.validity.notBefore, notAfter: Self.validity.notAfter,
        publicKey: key.x963Representation,
        extensions: X509CertificateBuilder.standardExtensions(
          ca: ca, pathLength: pathLength, publicKey: key.x963Representation, issuerPublicKey: issuerKey.publicKey.x963Representation,
          extra: marker.map { [.marker($0)] } ?? []))
      // The inputs are fixed and valid: a failure here is a bug in this file, not in data.
      return try! builder.build { issuerKey.signature(for: $0).rawRepresentation }
    }
    root = certificate(
      "root", subject: rootName, key: rootKey.publicKey, issuer: rootName, issuerKey: rootKey, ca: true, pathLength: nil, marker: nil)
    intermediate = certificate(
      "intermediate", subject: intermediateName, key: intermediateKey.publicKey, issuer: rootName, issuerKey: rootKey, ca: true,
      pathLength: 0, marker: OID.appleWWDRIntermediateMarker)
    leaf = certificate(
      "leaf", subject: leafName, key: leafKey.publicKey, issuer: intermediateName, issuerKey: intermediateKey, ca: false,
      pathLength: nil, marker: OID.appleReceiptSigningMarker)
    preparedHeader = JWS.ES256Header(Self.header(leaf: leaf, intermediate: intermediate, root: root))
  }

  /// The JWS header Apple's signed data carries: `alg` ES256 and `x5c`, the chain from the
  /// leaf up, each certificate in standard base64 of its DER.
  package var header: JSONValue { Self.header(leaf: leaf, intermediate: intermediate, root: root) }

  private static func header(leaf: [UInt8], intermediate: [UInt8], root: [UInt8]) -> JSONValue {
    .object([
      ("alg", .string("ES256")),
      ("x5c", .array([leaf, intermediate, root].map { .string(Data($0).base64EncodedString()) })),
    ])
  }

  /// Signs `payload` with the leaf's key.
  package func sign(_ payload: JSONValue) -> String { JWS.signES256(under: preparedHeader, payload: payload, key: leafKey) }

  /// The root as PEM, for users to hand their verifier.
  package var rootPEM: String { PEM(label: PEM.Label.certificate, bytes: root).text }
}
