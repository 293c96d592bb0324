import Foundation
import Testing
@testable import IAPFormats
@testable import IAPCrypto

/// The certificate builder, reader and chain check, without `openssl` (see
/// `X509OpenSSLTests` for the cross-checks).
@Suite struct X509CertificateTests {
  let keys = (root: FakeSignature.key("root"), intermediate: FakeSignature.key("intermediate"), leaf: FakeSignature.key("leaf"))

  /// The chain signed by the stand-in signature.
  func chain(_ adjust: (inout X509TestChain) -> Void = { _ in }) throws -> (leaf: [UInt8], intermediate: [UInt8], root: [UInt8]) {
    var chain = X509TestChain(rootKey: keys.root, intermediateKey: keys.intermediate, leafKey: keys.leaf)
    adjust(&chain)
    let keys = self.keys
    return try chain.build { issuer, tbs in
      FakeSignature.sign(key: issuer == .root ? keys.root : keys.intermediate, message: tbs)
    }
  }

  func check(_ c: (leaf: [UInt8], intermediate: [UInt8], root: [UInt8]), trusted: [UInt8]? = nil, at seconds: Int64 = 1_800_000_000)
    throws(X509ChainError) -> X509Certificate
  {
    try X509Chain.verify(
      leaf: c.leaf, intermediate: c.intermediate, root: c.root, trustedRoot: trusted ?? c.root,
      at: Timestamp(milliseconds: seconds * 1000), verify: FakeSignature.verify)
  }

  @Test func readsOpenSSLsCertificate() throws {
    let certificate = try X509Certificate(pem: X509Fixtures.certificate)
    #expect(certificate.version == 3)
    #expect(certificate.serialNumber == [0x12, 0x34])
    #expect(certificate.issuer.description == "CN=iap fixture, O=iap, C=US")
    #expect(certificate.subject == certificate.issuer)
    #expect(certificate.subject.commonName == "iap fixture")
    #expect(certificate.notBefore == 1_795_527_399 && certificate.notAfter == 2_110_887_399)
    #expect(certificate.p256PublicKey == bytes(hex: X509Fixtures.publicPoint))
    #expect(certificate.signatureAlgorithm == OID.ecdsaWithSHA256)
    #expect(certificate.extensions.map(\.oid) == [OID.subjectKeyIdentifier, OID.authorityKeyIdentifier, OID.basicConstraints])
    #expect(certificate.extensions.map(\.critical) == [false, false, true])
    #expect(certificate.basicConstraints == X509BasicConstraints(ca: true))
    #expect(certificate.keyUsage == nil)
    #expect(hex(certificate.subjectKeyIdentifier ?? []) == "78133c2ad0436fda1e5abb9b31980631 50977d25".replacingOccurrences(of: " ", with: ""))
    #expect(certificate.authorityKeyIdentifier == certificate.subjectKeyIdentifier)
    #expect(certificate.p256Signature?.count == 64)
    #expect(certificate.tbs == Array(certificate.der[4..<(8 + 0x14B)]))
  }

  /// Rebuilding OpenSSL's certificate from what the reader found, with OpenSSL's signature,
  /// gives OpenSSL's bytes: names, times, key, extensions and signature are written the
  /// same way.
  @Test func rebuildsOpenSSLsCertificateByteForByte() throws {
    let original = try X509Certificate(pem: X509Fixtures.certificate)
    let builder = X509CertificateBuilder(
      serialNumber: original.serialNumber, issuer: X509Name(rdns: original.issuer.rdns), subject: X509Name(rdns: original.subject.rdns),
      notBefore: original.notBefore, notAfter: original.notAfter, publicKey: original.publicKey, extensions: original.extensions)
    #expect(try builder.tbsCertificate() == original.tbs)
    let signature = try #require(original.p256Signature)
    #expect(try builder.build { _ in signature } == original.der)
  }

  @Test func buildsAppleShapedCertificates() throws {
    let c = try chain()
    let leaf = try X509Certificate(der: c.leaf)
    let intermediate = try X509Certificate(der: c.intermediate)
    let root = try X509Certificate(der: c.root)
    #expect(leaf.version == 3 && leaf.serialNumber.first == 0x9A && leaf.serialNumber.count == 16)
    #expect(leaf.subject.description == "CN=iap App Store Receipt Signing, OU=iap Worldwide Developer Relations, O=iap, C=US")
    #expect(leaf.issuer == intermediate.subject && intermediate.issuer == root.subject && root.issuer == root.subject)
    #expect(leaf.notBefore == X509TestChain.start && leaf.notAfter == X509TestChain.leafEnd && root.notAfter == X509TestChain.rootEnd)
    #expect(leaf.p256PublicKey == keys.leaf)
    #expect(leaf.basicConstraints == X509BasicConstraints(ca: false) && leaf.keyUsage == [.digitalSignature])
    #expect(intermediate.basicConstraints == X509BasicConstraints(ca: true, pathLength: 0))
    #expect(root.keyUsage == [.keyCertSign, .cRLSign])
    #expect(leaf.subjectKeyIdentifier == Array(SHA256.hash(keys.leaf).prefix(20)))
    #expect(leaf.authorityKeyIdentifier == intermediate.subjectKeyIdentifier)
    #expect(root.authorityKeyIdentifier == root.subjectKeyIdentifier)
    let marker = try #require(leaf.extension(OID.appleReceiptSigningMarker))
    #expect(!marker.critical && marker.value == [0x05, 0x00])
    #expect(intermediate.extension(OID.appleWWDRIntermediateMarker)?.value == DER.null)
    #expect(leaf.p256Signature == FakeSignature.sign(key: keys.intermediate, message: leaf.tbs))
    // Encodings of the fixed extension values.
    #expect(hex(leaf.extension(OID.basicConstraints)!.der) == "300c0603551d130101ff04023000")
    #expect(hex(intermediate.extension(OID.basicConstraints)!.value) == "30060101ff020100")
    #expect(hex(leaf.extension(OID.keyUsage)!.value) == "03020780")
    #expect(hex(root.extension(OID.keyUsage)!.value) == "03020106")
    #expect(hex(Array(leaf.extension(OID.authorityKeyIdentifier)!.value.prefix(4))) == "30168014")
    // 2061 is past 2049: GeneralizedTime; 2033 is UTCTime.
    #expect(String(decoding: c.root, as: UTF8.self).contains("\u{18}\u{0F}20611123193320Z"))
    #expect(String(decoding: c.leaf, as: UTF8.self).contains("\u{17}\u{0D}330518033320Z"))
  }

  @Test func namesUseThePrintableStringWhereTheTextAllows() {
    let name = X509Name(commonName: "Café", organization: "Apple Inc.", country: "US")
    #expect(name.rdns.joined().map(\.stringTag) == [DER.Tag.utf8String, DER.Tag.printableString, DER.Tag.printableString])
    #expect(X509Name(rdns: [[.init(oid: "2.5.4.5", value: "1")]]).rdns[0][0].stringTag == DER.Tag.utf8String)
    #expect(hex(X509Name(commonName: "a").der) == "300c310a3008060355040313016" + "1")
    let odd = X509Name(rdns: [[.init(oid: OID.commonName, value: "a,b"), .init(oid: "1.2.3", value: "x=y")]])
    #expect(odd.description == "CN=a\\,b+1.2.3=x\\=y")
  }

  @Test func builderRefusesWhatRFC5280Forbids() throws {
    var builder = X509TestChain(rootKey: keys.root, intermediateKey: keys.intermediate, leafKey: keys.leaf).leaf
    let sign: ([UInt8]) -> [UInt8] = { FakeSignature.sign(key: [], message: $0) }
    var b = builder
    b.serialNumber = [0, 0]
    #expect(throws: X509Error.invalidSerialNumber) { try b.build(sign: sign) }
    b.serialNumber = [0x80] + [UInt8](repeating: 1, count: 19)  // 21 bytes once the sign byte is added
    #expect(throws: X509Error.invalidSerialNumber) { try b.build(sign: sign) }
    b.serialNumber = [0x7F] + [UInt8](repeating: 1, count: 19)
    _ = try b.build(sign: sign)
    b = builder
    b.notAfter = b.notBefore - 1
    #expect(throws: X509Error.invalidValidity) { try b.build(sign: sign) }
    b = builder
    b.publicKey = [0x04] + [UInt8](repeating: 1, count: 32)
    #expect(throws: X509Error.invalidPublicKey) { try b.build(sign: sign) }
    b = builder
    b.extensions.append(.keyUsage([.keyCertSign]))
    #expect(throws: X509Error.duplicateExtension(OID.keyUsage)) { try b.build(sign: sign) }
    #expect(throws: X509Error.invalidSignatureLength(10)) { try builder.build { _ in [UInt8](repeating: 1, count: 10) } }
    builder.extensions = []
    #expect(try X509Certificate(der: builder.build(sign: sign)).extensions.isEmpty)
  }

  @Test func readerRefusesMalformedCertificates() throws {
    let c = try chain()
    let leaf = try X509Certificate(der: c.leaf)
    #expect(throws: X509Error.der(.trailingBytes(offset: c.leaf.count))) { try X509Certificate(der: c.leaf + [0]) }
    let otherAlgorithm = DER.sequence([DER.oid("1.2.840.10045.4.3.3")])
    #expect(throws: X509Error.signatureAlgorithmMismatch) {
      try X509Certificate(der: DER.sequence([leaf.tbs, otherAlgorithm, DER.bitString(leaf.signatureValue)]))
    }
    // A TBSCertificate with one extension twice, assembled by hand.
    var fields = try DERParser.parse(leaf.tbs).children.map(\.encoded)
    let twice = X509Extension.marker("1.2.3.4").der
    fields[fields.count - 1] = DER.explicit(3, DER.sequence([twice, twice]))
    let tbs = DER.sequence(fields)
    #expect(throws: X509Error.duplicateExtension("1.2.3.4")) {
      try X509Certificate(der: DER.sequence([tbs, X509CertificateBuilder.signatureAlgorithm, DER.bitString(leaf.signatureValue)]))
    }
    // An explicit critical FALSE is not DER.
    let explicitFalse = DER.sequence([DER.oid("1.2.3.4"), DER.boolean(false), DER.octetString(DER.null)])
    fields[fields.count - 1] = DER.explicit(3, DER.sequence([explicitFalse]))
    #expect(throws: DERError.invalidBoolean(offset: 7)) {
      _ = try X509Extension(element: try DERParser.parse(explicitFalse))
    }
    // A malformed basicConstraints value.
    fields[fields.count - 1] = DER.explicit(3, DER.sequence([X509Extension(oid: OID.basicConstraints, critical: true, value: [0x30, 0x03, 0x01, 0x01, 0x01]).der]))
    #expect(throws: X509Error.invalidExtension(OID.basicConstraints, .invalidBoolean(offset: 2))) {
      try X509Certificate(der: DER.sequence([DER.sequence(fields), X509CertificateBuilder.signatureAlgorithm, DER.bitString(leaf.signatureValue)]))
    }
  }

  @Test func chainCheckPassesAndReturnsTheLeaf() throws {
    let c = try chain()
    #expect(try check(c).subject == X509TestChain.leafName)
    #expect(try check(c, at: X509TestChain.start).der == c.leaf, "notBefore is included")
    #expect(try check(c, at: X509TestChain.leafEnd).der == c.leaf, "notAfter is included")
  }

  @Test func chainCheckNamesTheFailedCheck() throws {
    let c = try chain()
    #expect(throws: X509ChainError.untrustedRoot) { try check(c, trusted: c.intermediate) }
    #expect(throws: X509ChainError.malformed(.leaf, .der(.truncated(offset: 0)))) { try check(([0x30], c.intermediate, c.root)) }
    #expect(throws: X509ChainError.issuerMismatch(.leaf)) { try check((c.leaf, c.root, c.root)) }
    #expect(throws: X509ChainError.badSignature(.leaf)) { try check((tampered(c.leaf, "Receipt"), c.intermediate, c.root)) }
    #expect(throws: X509ChainError.badSignature(.intermediate)) { try check((c.leaf, tampered(c.intermediate, [0x02, 0x02, 0x02, 0x2A]), c.root)) }
    #expect(throws: X509ChainError.notYetValid(.leaf)) { try check(c, at: X509TestChain.start - 1) }
    #expect(throws: X509ChainError.expired(.leaf)) { try check(c, at: X509TestChain.leafEnd + 1) }
    #expect(throws: X509ChainError.expired(.leaf)) {
      try X509Chain.verify(
        leaf: c.leaf, intermediate: c.intermediate, root: c.root, trustedRoot: c.root,
        at: Timestamp(milliseconds: X509TestChain.leafEnd * 1000 + 1000), verify: FakeSignature.verify)
    }
    #expect(throws: X509ChainError.notCertificateAuthority(.intermediate)) {
      try check(chain { $0.intermediate.extensions[0] = .basicConstraints(ca: false) })
    }
    #expect(throws: X509ChainError.pathLengthExceeded(.root)) {
      try check(chain { $0.root.extensions[0] = .basicConstraints(ca: true, pathLength: 0) })
    }
    #expect(throws: X509ChainError.keyUsageForbids(.intermediate)) {
      try check(chain { $0.intermediate.extensions[1] = .keyUsage([.digitalSignature]) })
    }
    #expect(throws: X509ChainError.keyUsageForbids(.leaf)) { try check(chain { $0.leaf.extensions[1] = .keyUsage([.keyCertSign]) }) }
    #expect(throws: X509ChainError.unhandledCriticalExtension(.leaf, "1.2.3.4")) {
      try check(chain { $0.leaf.extensions.append(X509Extension(oid: "1.2.3.4", critical: true, value: DER.null)) })
    }
    #expect(throws: X509ChainError.badSignature(.leaf)) {
      try check(chain { $0.leaf.issuer = X509TestChain.intermediateName; $0.intermediate.publicKey = FakeSignature.key("other") })
    }
  }

  /// `der` with the first occurrence of `text` changed in its last byte.
  func tampered(_ der: [UInt8], _ text: String) throws -> [UInt8] { try tampered(der, Array(text.utf8)) }

  /// `der` with the first occurrence of `needle` changed in its last byte.
  func tampered(_ der: [UInt8], _ needle: [UInt8]) throws -> [UInt8] {
    let index = try #require((0...(der.count - needle.count)).first { Array(der[$0..<$0 + needle.count]) == needle })
    var copy = der
    copy[index + needle.count - 1] ^= 0x20
    return copy
  }
}
