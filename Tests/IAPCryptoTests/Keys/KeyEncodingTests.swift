import Foundation
import Testing
@testable import IAPCrypto

/// PKCS#8, SEC1 and SubjectPublicKeyInfo for P-256 keys, against OpenSSL's bytes.
@Suite struct PKCS8KeyTests {
  let scalar = bytes(hex: X509Fixtures.privateScalar)
  let point = bytes(hex: X509Fixtures.publicPoint)

  @Test func readsOpenSSLsPKCS8Key() throws {
    let key = try PKCS8.decode(try PEM.decode(X509Fixtures.privateKey).bytes)
    #expect(key.privateKey == scalar)
    #expect(key.publicKey == point)
    #expect(try ECPrivateKey(pem: X509Fixtures.privateKey) == key)
  }

  @Test func writesOpenSSLsPKCS8KeyByteForByte() {
    #expect(PKCS8.pem(ECPrivateKey(privateKey: scalar, publicKey: point)) == X509Fixtures.privateKey + "\n")
  }

  @Test func readsAndWritesTheSEC1Key() throws {
    let key = try ECPrivateKey(pem: X509Fixtures.sec1PrivateKey)
    #expect(key == ECPrivateKey(privateKey: scalar, publicKey: point))
    #expect(key.sec1PEM == X509Fixtures.sec1PrivateKey + "\n")
  }

  @Test func readsAndWritesTheSubjectPublicKeyInfo() throws {
    #expect(try SubjectPublicKeyInfo.decodeP256(pem: X509Fixtures.publicKey) == point)
    #expect(SubjectPublicKeyInfo.pem(p256PublicKey: point) == X509Fixtures.publicKey + "\n")
  }

  /// RFC 5915 makes the curve and the public key optional; keys from other tools omit
  /// either, and a PKCS#8 key may repeat the curve inside.
  @Test func acceptsECPrivateKeysWithoutOptionalFields() throws {
    let bare = DER.sequence([DER.integer(1), DER.octetString(scalar)])
    #expect(try ECPrivateKey(der: bare) == ECPrivateKey(privateKey: scalar, publicKey: nil))
    let withCurve = DER.sequence([DER.integer(1), DER.octetString(scalar), DER.explicit(0, DER.oid(OID.prime256v1))])
    #expect(try ECPrivateKey(der: withCurve).publicKey == nil)
    let key = ECPrivateKey(privateKey: scalar, publicKey: point)
    let wrapped = DER.sequence([DER.integer(0), SubjectPublicKeyInfo.p256Algorithm, DER.octetString(key.der(includingCurve: true))])
    #expect(try PKCS8.decode(wrapped) == key)
    #expect(try PKCS8.decode(PKCS8.encode(ECPrivateKey(privateKey: scalar, publicKey: nil))).publicKey == nil)
  }

  @Test func refusesOtherKeys() {
    let p384 = DER.sequence([DER.oid(OID.ecPublicKey), DER.oid("1.3.132.0.34")])
    let rsa = DER.sequence([DER.oid("1.2.840.113549.1.1.1"), DER.null])
    let inner = DER.octetString(ECPrivateKey(privateKey: scalar, publicKey: point).der(includingCurve: false))
    #expect(throws: KeyEncodingError.unsupportedCurve("1.3.132.0.34")) { try PKCS8.decode(DER.sequence([DER.integer(0), p384, inner])) }
    #expect(throws: KeyEncodingError.unsupportedAlgorithm("1.2.840.113549.1.1.1")) {
      try PKCS8.decode(DER.sequence([DER.integer(0), rsa, inner]))
    }
    #expect(throws: KeyEncodingError.unsupportedVersion(1)) {
      try PKCS8.decode(DER.sequence([DER.integer(1), SubjectPublicKeyInfo.p256Algorithm, inner]))
    }
    #expect(throws: KeyEncodingError.unsupportedCurve("1.3.132.0.34")) {
      try ECPrivateKey(der: DER.sequence([DER.integer(1), DER.octetString(scalar), DER.explicit(0, DER.oid("1.3.132.0.34"))]))
    }
    #expect(throws: KeyEncodingError.unsupportedVersion(2)) { try ECPrivateKey(der: DER.sequence([DER.integer(2), DER.octetString(scalar)])) }
    for bad in [Array(scalar.dropFirst()), [UInt8](repeating: 0, count: 32), ECDSASignatureDER.p256Order] {
      #expect(throws: KeyEncodingError.invalidPrivateKey) { try ECPrivateKey(der: DER.sequence([DER.integer(1), DER.octetString(bad)])) }
    }
    #expect(throws: KeyEncodingError.invalidPublicKey) {
      try ECPrivateKey(der: DER.sequence([DER.integer(1), DER.octetString(scalar), DER.explicit(1, DER.bitString(Array(point.dropLast())))]))
    }
    #expect(throws: KeyEncodingError.invalidPublicKey) {
      try SubjectPublicKeyInfo.decodeP256(DER.sequence([SubjectPublicKeyInfo.p256Algorithm, DER.bitString([0x02] + point.dropFirst())]))
    }
    #expect(throws: KeyEncodingError.unsupportedCurve("1.3.132.0.34")) {
      try SubjectPublicKeyInfo.decodeP256(DER.sequence([p384, DER.bitString(point)]))
    }
    #expect(throws: KeyEncodingError.der(.trailingBytes(offset: 91))) {
      try SubjectPublicKeyInfo.decodeP256(SubjectPublicKeyInfo.encode(p256PublicKey: point) + [0])
    }
    #expect(throws: KeyEncodingError.pem(.noBlock(labels: ["PRIVATE KEY", "EC PRIVATE KEY"]))) {
      try ECPrivateKey(pem: X509Fixtures.publicKey)
    }
  }
}

/// PEM armor (RFC 7468).
@Suite struct PEMTests {
  @Test func encodesInLinesOf64Characters() {
    let text = PEM(label: "CERTIFICATE", bytes: [UInt8](0..<100)).text
    let lines = text.split(separator: "\n")
    #expect(lines.first == "-----BEGIN CERTIFICATE-----" && lines.last == "-----END CERTIFICATE-----")
    #expect(lines.dropFirst().dropLast().map(\.count) == [64, 64, 8], "100 bytes are 136 base64 characters")
    #expect(text.hasSuffix("-----\n"))
    #expect(PEM(label: "X", bytes: []).text == "-----BEGIN X-----\n-----END X-----\n")
  }

  @Test func decodesWithCRLFAndSurroundingText() throws {
    let crlf = "Subject: something\r\n" + X509Fixtures.certificate.replacingOccurrences(of: "\n", with: "\r\n") + "\r\ntrailing words\r\n"
    let block = try PEM.decode(crlf, labels: [PEM.Label.certificate])
    #expect(block.label == "CERTIFICATE")
    #expect(block == (try PEM.decode(X509Fixtures.certificate)))
    let rewrapped = X509Fixtures.publicKey.replacingOccurrences(of: "\n", with: "\n  ")
    #expect(try PEM.decode(rewrapped).bytes == (try PEM.decode(X509Fixtures.publicKey)).bytes)
  }

  @Test func findsTheBlockWithTheWantedLabel() throws {
    let both = X509Fixtures.certificate + "\n" + X509Fixtures.privateKey + "\n"
    #expect(try PEM.decodeAll(both).map(\.label) == ["CERTIFICATE", "PRIVATE KEY"])
    #expect(try PEM.decode(both, labels: [PEM.Label.privateKey, PEM.Label.ecPrivateKey]).label == "PRIVATE KEY")
    #expect(try ECPrivateKey(pem: both).privateKey == bytes(hex: X509Fixtures.privateScalar))
    #expect(try X509Certificate(pem: both).serialNumber == [0x12, 0x34])
  }

  @Test func refusesBrokenArmor() throws {
    #expect(throws: PEMError.noBlock(labels: ["PUBLIC KEY"])) { try PEM.decode("no pem here", labels: ["PUBLIC KEY"]) }
    #expect(throws: PEMError.noBlock(labels: [])) { try PEM.decode("") }
    #expect(throws: PEMError.missingEnd(label: "PUBLIC KEY")) { try PEM.decode("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") }
    #expect(throws: PEMError.invalidBase64(label: "PUBLIC KEY")) { try PEM.decode("-----BEGIN PUBLIC KEY-----\nA*AA\n-----END PUBLIC KEY-----\n") }
    #expect(throws: X509Error.pem(.noBlock(labels: ["CERTIFICATE"]))) { try X509Certificate(pem: X509Fixtures.publicKey) }
    let damagedThenGood = "-----BEGIN NOTE-----\n*\n-----END NOTE-----\n-----BEGIN X-----\n" + X509Fixtures.publicKey
    #expect(throws: PEMError.invalidBase64(label: "NOTE")) { try PEM.decodeAll(damagedThenGood) }
    #expect(try PEM.decode(damagedThenGood, labels: [PEM.Label.publicKey]).label == "PUBLIC KEY", "other blocks are skipped")
  }
}
