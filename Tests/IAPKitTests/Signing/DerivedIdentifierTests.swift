import Testing

@testable import IAPKit

/// The identifiers iap derives from the signing secret (`appTransactionId`, order ids) are
/// the same from one version to the next: checked against Python's `hmac` and `hashlib`.
@Suite struct DerivedIdentifierTests {
  @Test func aNumberIsTheHMACsBytesAsDigitsTheFirstNeverZero() {
    // python3: b = hmac.new(bytes([1, 2, 3]), b"app transaction default", "sha256").digest();
    // str(1 + b[0] % 9) + "".join(str(x % 10) for x in b[1:15])
    #expect(DerivedIdentifier.number(key: [1, 2, 3], label: "app transaction default", digits: 15) == "814479336847011")
  }

  @Test func aUUIDIsTheHMACsFirstSixteenBytesMarkedVersion4() {
    // HMAC-SHA256([1, 2, 3], "order")[:16] = 17654951 b712 7b03 4d90 6e49035a40a5
    #expect(DerivedIdentifier.uuid(key: [1, 2, 3], label: "order") == "17654951-b712-4b03-8d90-6e49035a40a5")
  }
}
