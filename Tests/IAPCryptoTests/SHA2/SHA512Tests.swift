import Foundation
import Testing
@testable import IAPCrypto

/// `python3` on the search path, or nil: the cross-check is skipped without it.
private let python3: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
  .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite struct SHA512Tests {
  /// FIPS 180-4 examples (NIST CSRC "Examples with Intermediate Values", SHA-512 and SHA-384).
  @Test(arguments: [
    (
      "abc",
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"
    ),
    (
      "",
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
      "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b"
    ),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
      "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039"
    ),
  ])
  func nistExamples(_ message: String, _ sha512: String, _ sha384: String) {
    #expect(hex(SHA512.hash(Array(message.utf8))) == sha512)
    #expect(hex(SHA384.hash(Array(message.utf8))) == sha384)
  }

  @Test func oneMillionAs() {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(
      hex(SHA512.hash(message))
        == "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b")
    #expect(
      hex(SHA384.hash(message))
        == "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985")
  }

  @Test func digestSizes() {
    #expect(SHA512.hash([]).count == SHA512.digestSize && SHA512.digestSize == 64 && SHA512.blockSize == 128)
    #expect(SHA384.hash([]).count == SHA384.digestSize && SHA384.digestSize == 48 && SHA384.blockSize == 128)
  }

  /// Feeding the message in pieces of awkward sizes gives the one-shot digest: the partial
  /// block is carried across calls, and padding lands right on both sides of 112 bytes (where
  /// the 16-byte length no longer fits and a second block is needed) and of a block.
  @Test(arguments: [1, 7, 111, 112, 113, 127, 128, 129, 300])
  func incrementalUpdatesMatchOneShot(_ piece: Int) {
    for length in [0, 111, 112, 113, 127, 128, 129, 239, 240, 241, 255, 256, 257, 1000] {
      let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      var sha512 = SHA512()
      var sha384 = SHA384()
      var offset = 0
      while offset < message.count {
        let chunk = Array(message[offset..<min(offset + piece, message.count)])
        sha512.update(chunk)
        sha384.update(chunk)
        offset += piece
      }
      #expect(sha512.finalize() == SHA512.hash(message), "SHA-512, length \(length) in pieces of \(piece)")
      #expect(sha384.finalize() == SHA384.hash(message), "SHA-384, length \(length) in pieces of \(piece)")
    }
  }

  /// Random messages of a few hundred random lengths up to 600 (one to five blocks, every
  /// padding case) against Python's hashlib, itself OpenSSL's.
  @Test(.enabled(if: python3 != nil, "python3 is not on PATH: the hashlib cross-check is skipped"))
  func agreesWithHashlib() throws {
    var random = SystemRandomNumberGenerator()
    let messages = (0..<300).map { _ in (0..<Int.random(in: 0...600, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) } }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python3!)
    process.arguments = [
      "-c",
      "import sys, hashlib\nfor line in sys.stdin.read().split('\\n'):\n"
        + " m = bytes.fromhex(line); print(hashlib.sha512(m).hexdigest(), hashlib.sha384(m).hexdigest())",
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // Python reads all of its input before it writes, so writing everything first cannot deadlock.
    input.fileHandleForWriting.write(Data(messages.map(hex).joined(separator: "\n").utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3 failed")
    let lines = text.split(separator: "\n")
    try #require(lines.count == messages.count)
    for (message, line) in zip(messages, lines) {
      let expected = line.split(separator: " ").map(String.init)
      #expect([hex(SHA512.hash(message)), hex(SHA384.hash(message))] == expected, "message \(hex(message))")
    }
  }
}
