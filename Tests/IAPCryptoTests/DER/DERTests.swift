import Testing
@testable import IAPCrypto

/// The DER writer and the strict parser, against known encodings (X.690 and the bytes
/// OpenSSL writes for the same values).
@Suite struct DERTests {
  @Test func unsignedIntegersAreMinimalAndPositive() {
    #expect(hex(DER.integer(unsigned: [])) == "020100")
    #expect(hex(DER.integer(unsigned: [0, 0])) == "020100")
    #expect(hex(DER.integer(unsigned: [0x7F])) == "02017f")
    #expect(hex(DER.integer(unsigned: [0x80])) == "02020080")
    #expect(hex(DER.integer(unsigned: [0x01, 0x00])) == "02020100")
    #expect(hex(DER.integer(unsigned: [0, 0, 0x01])) == "020101")
    #expect(hex(DER.integer(unsigned: [UInt8](repeating: 0xFF, count: 32))) == "022100" + String(repeating: "ff", count: 32))
  }

  @Test(arguments: [
    (0, "020100"), (127, "02017f"), (128, "02020080"), (256, "02020100"), (-1, "0201ff"), (-128, "020180"),
    (-129, "0202ff7f"), (Int.max, "02087fffffffffffffff"), (Int.min, "02088000000000000000"),
  ])
  func integers(_ value: Int, _ encoding: String) throws {
    #expect(hex(DER.integer(value)) == encoding)
    #expect(try DERParser.parse(bytes(hex: encoding)).integer() == value)
  }

  @Test func simpleTypes() {
    #expect(hex(DER.boolean(true)) == "0101ff")
    #expect(hex(DER.boolean(false)) == "010100")
    #expect(hex(DER.null) == "0500")
    #expect(hex(DER.octetString([1, 2])) == "04020102")
    #expect(hex(DER.bitString([0xAB])) == "030200ab")
    #expect(hex(DER.bitString([0x80], unusedBits: 7)) == "03020780")
    #expect(hex(DER.utf8String("é")) == "0c02c3a9")
    #expect(hex(DER.printableString("US")) == "13025553")
    #expect(DER.isPrintable("Apple Inc. (G6) a-z:=?/+,'") && !DER.isPrintable("a&b") && !DER.isPrintable("é"))
  }

  @Test(arguments: [
    ("1.2.840.10045.2.1", "06072a8648ce3d0201"), ("1.2.840.10045.3.1.7", "06082a8648ce3d030107"),
    ("1.2.840.10045.4.3.2", "06082a8648ce3d040302"), ("2.5.29.19", "0603551d13"), ("2.5.4.3", "0603550403"),
    ("1.2.840.113635.100.6.11.1", "060a2a864886f76364060b01"), ("1.2.840.113635.100.6.2.1", "060a2a864886f76364060201"),
    ("2.999.3", "0603883703"), ("0.39", "060127"),
  ])
  func objectIdentifiers(_ dotted: String, _ encoding: String) throws {
    #expect(hex(DER.oid(dotted)) == encoding)
    #expect(try DERParser.parse(bytes(hex: encoding)).objectIdentifier() == dotted)
  }

  @Test func malformedDottedOIDsAreRefused() {
    for text in ["", "1", "3.1", "1.40", "1.2.", ".1.2", "1.a", "1.+2", "1.2.18446744073709551616"] {
      #expect(DER.oidContent(text) == nil, "\(text)")
    }
  }

  @Test func lengthsUseTheShortestForm() throws {
    #expect(DER.length(0) == [0])
    #expect(DER.length(127) == [0x7F])
    #expect(DER.length(128) == [0x81, 0x80])
    #expect(DER.length(255) == [0x81, 0xFF])
    #expect(DER.length(256) == [0x82, 0x01, 0x00])
    #expect(DER.length(65_535) == [0x82, 0xFF, 0xFF])
    #expect(DER.length(65_536) == [0x83, 0x01, 0x00, 0x00])
    let long = DER.octetString([UInt8](repeating: 7, count: 200))
    #expect(Array(long.prefix(3)) == [0x04, 0x81, 0xC8])
    #expect(try DERParser.parse(long).octetString().count == 200)
  }

  /// RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050 and before 1950.
  @Test(arguments: [
    (Int64(0), "170d3730303130313030303030305a"),
    (-631_152_000, "170d3530303130313030303030305a"),  // 1950-01-01T00:00:00Z
    (2_524_607_999, "170d3439313233313233353935395a"),  // 2049-12-31T23:59:59Z
    (2_524_608_000, "180f32303530303130313030303030305a"),  // 2050-01-01T00:00:00Z
    (-631_152_001, "180f31393439313233313233353935395a"),  // 1949-12-31T23:59:59Z
    (951_827_696, "170d3030303232393132333435365a"),  // 2000-02-29T12:34:56Z
    (253_402_300_799, "180f39393939313233313233353935395a"),  // 9999-12-31T23:59:59Z
  ])
  func timesPickTheirFormByYear(_ seconds: Int64, _ encoding: String) throws {
    #expect(hex(DER.time(seconds: seconds)) == encoding)
    #expect(try DERParser.parse(bytes(hex: encoding)).time() == seconds)
  }

  @Test func timesBeyondYear9999AreClamped() {
    #expect(String(decoding: DER.time(seconds: .max).dropFirst(2), as: UTF8.self) == "99991231235959Z")
    #expect(String(decoding: DER.time(seconds: .min).dropFirst(2), as: UTF8.self) == "00000101000000Z")
  }

  @Test(arguments: [
    "500101000000", "5001010000Z", "500101000000.5Z", "500101000000+0100", "501301000000Z", "500230000000Z",
    "500101240000Z", "500101006000Z", "500101000060Z", "5O0101000000Z",
  ])
  func malformedUTCTimesAreRefused(_ text: String) {
    #expect(throws: DERError.invalidTime(offset: 0)) { try DERParser.parse(DER.tlv(DER.Tag.utcTime, Array(text.utf8))).time() }
  }

  @Test func malformedGeneralizedTimesAreRefused() {
    for text in ["19000229000000Z", "500101000000Z", "20500101000000.0Z", "2050010100000Z"] {
      #expect(throws: DERError.invalidTime(offset: 0)) { try DERParser.parse(DER.tlv(DER.Tag.generalizedTime, Array(text.utf8))).time() }
    }
    #expect(throws: (any Error).self) { try DERParser.parse(DER.null).time() }
  }

  @Test func constructedTypes() {
    #expect(hex(DER.sequence([DER.integer(1), DER.null])) == "3005020101" + "0500")
    #expect(hex(DER.set([DER.integer(2), DER.integer(1)])) == "3106020101020102", "SET OF is sorted")
    #expect(hex(DER.set([[0x04, 0x01, 0x00], [0x04, 0x00]])) == "310504000401" + "00", "shorter pads with zeros")
    #expect(hex(DER.explicit(0, DER.integer(2))) == "a003020102")
    #expect(hex(DER.explicit(3, DER.sequence([]))) == "a3023000")
    #expect(hex(DER.implicit(0, DER.octetString([1, 2]))) == "80020102")
    #expect(hex(DER.implicit(1, DER.sequence([]))) == "a100")
  }

  @Test func parsedElementsKeepTheirBytesAndOffsets() throws {
    let input = bytes(hex: "300a020101a0050403010203")
    let root = try DERParser.parse(input)
    #expect(root.tag == 0x30 && root.encoded == input && root.offset == 0)
    #expect(root.children.count == 2)
    #expect(try root.children[0].integer() == 1)
    let tagged = root.children[1]
    #expect(tagged.tag == 0xA0 && tagged.offset == 5 && tagged.isConstructed)
    #expect(tagged.children[0].offset == 7)
    #expect(try tagged.children[0].octetString() == [1, 2, 3])
  }

  static let refusals: [(String, DERError)] = [
    ("", .truncated(offset: 0)),
    ("30", .truncated(offset: 0)),
    ("300302010100", .trailingBytes(offset: 5)),
    ("050000", .trailingBytes(offset: 2)),
    ("30030201", .truncated(offset: 0)),
    ("3003020201", .truncated(offset: 2)),
    ("048201", .truncated(offset: 0)),
    ("30800000", .indefiniteLength(offset: 0)),
    ("04810101", .nonMinimalLength(offset: 0)),
    ("0482007f" + String(repeating: "00", count: 127), .nonMinimalLength(offset: 0)),
    ("3004048101" + "00", .nonMinimalLength(offset: 2)),
    ("04850100000000", .lengthTooLarge(offset: 0)),
    ("1f8100", .unsupportedTag(offset: 0)),
  ]

  @Test(arguments: refusals)
  func strictParserRefuses(_ input: String, _ error: DERError) {
    #expect(throws: error) { try DERParser.parse(bytes(hex: input)) }
  }

  @Test func nestingIsBounded() throws {
    func nested(_ depth: Int) -> [UInt8] { (0..<depth - 1).reduce(DER.null) { inner, _ in DER.sequence([inner]) } }
    // 16 levels of SEQUENCE around a NULL: the NULL is at depth 17.
    #expect(throws: DERError.tooDeep(offset: 30)) { try DERParser.parse(nested(17)) }
    _ = try DERParser.parse(nested(16))
    _ = try DERParser.parse(nested(200), maxDepth: 200)
    #expect(throws: DERError.tooDeep(offset: 0)) { try DERParser.parse(nested(3), maxDepth: 1) }
  }

  @Test func primitiveReadersAreStrict() throws {
    func parse(_ text: String) throws -> DERElement { try DERParser.parse(bytes(hex: text)) }
    #expect(throws: DERError.invalidInteger(offset: 0)) { try parse("0200").integer() }
    #expect(throws: DERError.invalidInteger(offset: 0)) { try parse("0202007f").integer() }
    #expect(throws: DERError.invalidInteger(offset: 0)) { try parse("0202ff80").integer() }
    #expect(throws: DERError.negativeInteger(offset: 0)) { try parse("020180").unsignedInteger() }
    #expect(throws: DERError.integerOutOfRange(offset: 0)) { try parse("0209010000000000000000").integer() }
    #expect(try parse("02020080").unsignedInteger() == [0x80])
    #expect(try parse("020100").unsignedInteger() == [0])
    #expect(throws: DERError.invalidBoolean(offset: 0)) { try parse("010101").boolean() }
    #expect(throws: DERError.invalidNull(offset: 0)) { try parse("050100").null() }
    #expect(throws: DERError.unexpectedTag(expected: 0x02, found: 0x04, offset: 0)) { try parse("0400").integer() }
    for oid in ["0600", "060186", "0602" + "8001", "060b" + "ffffffffffffffffffff7f"] {
      #expect(throws: DERError.invalidObjectIdentifier(offset: 0), "\(oid)") { try parse(oid).objectIdentifier() }
    }
    for bits in ["0300", "030108", "03020101", "03020700"] {
      #expect(throws: DERError.invalidBitString(offset: 0), "\(bits)") {
        let element = try parse(bits)
        _ = try element.bitString()
        _ = try element.bitStringBytes()
      }
    }
    #expect(try parse("030100").bitString().bytes == [])
    #expect(try parse("03020680").bitString().unusedBits == 6)
    #expect(throws: DERError.invalidString(offset: 0)) { try parse("0c01ff").string() }
    #expect(try parse("1e0400e90041").string() == "éA")
    #expect(try parse("1401e9").string() == "é")
  }

  @Test func errorsSayWhatAndWhere() {
    #expect(DERError.nonMinimalLength(offset: 12).description == "DER: length not minimally encoded at offset 12")
    #expect(DERError.unexpectedTag(expected: 0x30, found: nil, offset: 3).description == "DER: expected tag 0x30, found nothing at offset 3")
  }
}

/// ECDSA signatures between raw r‖s and DER (RFC 3279 §2.2.3).
@Suite struct ECDSASignatureDERTests {
  @Test func rawAndDERRoundTrip() throws {
    let r = [UInt8](repeating: 0, count: 3) + [UInt8](repeating: 0x11, count: 29)  // leading zeros dropped
    let s = [0x80] + [UInt8](repeating: 0x22, count: 31)  // high bit: a 0x00 is prepended
    let der = try #require(ECDSASignatureDER.encode(raw: r + s))
    #expect(hex(der) == "3042" + "021d" + String(repeating: "11", count: 29) + "022100" + "80" + String(repeating: "22", count: 31))
    #expect(try ECDSASignatureDER.decode(der) == r + s)
    #expect(ECDSASignatureDER.encode(raw: [UInt8](repeating: 1, count: 63)) == nil)
  }

  /// The signature OpenSSL wrote into the fixture certificate.
  @Test func openSSLSignatureRoundTrips() throws {
    let certificate = try X509Certificate(pem: X509Fixtures.certificate)
    let raw = try ECDSASignatureDER.decode(certificate.signatureValue)
    #expect(raw.count == 64)
    #expect(ECDSASignatureDER.encode(raw: raw) == certificate.signatureValue)
  }

  @Test func malformedSignaturesAreRefused() {
    let one = "020101"
    let order = "022100ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"
    let cases: [(String, DERError)] = [
      ("3006" + "020180" + one, .negativeInteger(offset: 2)),
      ("3006" + "020100" + one, .integerOutOfRange(offset: 2)),
      ("3026" + order + one, .integerOutOfRange(offset: 2)),
      ("3027" + "022201" + String(repeating: "00", count: 33) + one, .integerOutOfRange(offset: 2)),
      ("3007" + "02020001" + one, .invalidInteger(offset: 2)),
      ("3009" + one + one + one, .wrongElementCount(offset: 0)),
      ("3003" + one, .wrongElementCount(offset: 0)),
      ("3006" + one + one + "00", .trailingBytes(offset: 8)),
      ("3106" + one + one, .unexpectedTag(expected: 0x30, found: 0x31, offset: 0)),
      ("3005" + "3003020101", .tooDeep(offset: 2)),
    ]
    for (input, error) in cases {
      #expect(throws: error, "\(input)") { try ECDSASignatureDER.decode(bytes(hex: input)) }
    }
  }
}
