import Testing
@testable import IAPCrypto

/// Lower-case hex of bytes, as the standards print digests.
func hex(_ bytes: [UInt8]) -> String {
  bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

/// Bytes from hex; test vectors are written this way.
func bytes(hex text: String) -> [UInt8] {
  let chars = Array(text.utf8)
  return stride(from: 0, to: chars.count, by: 2).map { UInt8(String(decoding: chars[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
}

@Suite struct SHA256Tests {
  /// FIPS 180-4 examples (NIST CSRC "Examples with Intermediate Values", SHA-256).
  @Test(arguments: [
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ])
  func nistExamples(_ message: String, _ digest: String) {
    #expect(hex(SHA256.hash(Array(message.utf8))) == digest)
  }

  @Test func oneMillionAs() {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(hex(SHA256.hash(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Feeding the message in pieces of awkward sizes gives the one-shot digest: the partial
  /// block is carried across calls, and padding lands right at every length around a block.
  @Test(arguments: [1, 7, 55, 56, 63, 64, 65, 200])
  func incrementalUpdatesMatchOneShot(_ piece: Int) {
    for length in [0, 55, 56, 63, 64, 65, 119, 120, 1000] {
      let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      var hasher = SHA256()
      var offset = 0
      while offset < message.count {
        hasher.update(Array(message[offset..<min(offset + piece, message.count)]))
        offset += piece
      }
      #expect(hasher.finalize() == SHA256.hash(message), "length \(length) in pieces of \(piece)")
    }
  }

  /// RFC 4231 §4.2–4.8, HMAC-SHA-256.
  @Test(arguments: [
    ("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", hex(Array("Hi There".utf8)),
     "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    (hex(Array("Jefe".utf8)), hex(Array("what do ya want for nothing?".utf8)),
     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    (String(repeating: "aa", count: 20), String(repeating: "dd", count: 50),
     "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
    ("0102030405060708090a0b0c0d0e0f10111213141516171819", String(repeating: "cd", count: 50),
     "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
    (String(repeating: "aa", count: 131), hex(Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)),
     "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    (String(repeating: "aa", count: 131),
     hex(Array("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".utf8)),
     "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
  ])
  func rfc4231(_ key: String, _ data: String, _ mac: String) {
    #expect(hex(SHA256.hmac(key: bytes(hex: key), message: bytes(hex: data))) == mac)
  }

  /// RFC 4231 §4.6, test case 5: the output truncated to 128 bits.
  @Test func rfc4231TruncatedCase() {
    let mac = SHA256.hmac(key: [UInt8](repeating: 0x0c, count: 20), message: Array("Test With Truncation".utf8))
    #expect(hex(Array(mac.prefix(16))) == "a3b6167473100ee06e0c796c2955552b")
  }
}
