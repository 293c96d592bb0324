import Foundation
import Testing
@testable import IAPCrypto

/// P-256 ECDSA against OpenSSL, through Python's `cryptography` package, where both are
/// installed: public keys from the same scalar, and signatures made by one side verified by
/// the other, tampered ones refused by both. Each direction is one python3 run of 20 cases.
@Suite(.enabled(if: OpenSSLThroughPython.isAvailable, "skipped: python3 with the cryptography package is not installed"))
struct ECDSACrossCheckTests {
  static let preamble = """
    import sys
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
    curve = ec.SECP256R1()

    """

  /// Python makes 20 keys and signs a random message with each; we derive the same public
  /// keys, accept its signatures, and refuse them with s or the message changed.
  @Test func pythonKeysAndSignaturesWorkHere() throws {
    let script = Self.preamble + """
      import os
      n = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551
      for i in range(20):
          d = int.from_bytes(os.urandom(32), 'big') % (n - 1) + 1
          key = ec.derive_private_key(d, curve)
          message = os.urandom(i * 5)
          r, s = decode_dss_signature(key.sign(message, ec.ECDSA(hashes.SHA256())))
          q = key.public_key().public_numbers()
          print('%064x %064x %064x %s %064x %064x' % (d, q.x, q.y, message.hex() or '-', r, s))
      """
    let (status, output) = try OpenSSLThroughPython.run(script, input: "")
    try #require(status == 0)
    let lines = output.split(separator: "\n")
    #expect(lines.count == 20)
    for line in lines {
      let f = line.split(separator: " ").map(String.init)
      let message = f[3] == "-" ? [] : bytes(hex: f[3])
      let key = try #require(P256.PrivateKey(rawRepresentation: bytes(hex: f[0])), "\(line)")
      #expect(hex(key.publicKey.x) == f[1] && hex(key.publicKey.y) == f[2], "public key of \(f[0])")
      let publicKey = try #require(P256.PublicKey(x963Representation: bytes(hex: "04" + f[1] + f[2])))
      let signature = try #require(P256.Signature(rawRepresentation: bytes(hex: f[4] + f[5])))
      #expect(publicKey.isValidSignature(signature, for: message), "\(line)")
      var tampered = signature.rawRepresentation
      tampered[40] ^= 0x80
      #expect(!publicKey.isValidSignature(P256.Signature(rawRepresentation: tampered)!, for: message), "\(line)")
      #expect(!publicKey.isValidSignature(signature, for: message + [0]), "\(line)")
    }
  }

  /// We sign 20 messages with 20 keys; Python accepts each signature and refuses a copy with
  /// a bit of r flipped.
  @Test func ourSignaturesVerifyInPython() throws {
    var input = ""
    for index in 0..<20 {
      let key = P256.PrivateKey(seed: SHA256.hash(Array("cross-check \(index)".utf8)))
      let message = Array(SHA256.hash([UInt8(index)]).prefix(index))
      let signature = key.signature(for: message)
      var tampered = signature.r
      tampered[31] ^= 0x01
      let prefix = "\(hex(key.publicKey.x)) \(hex(key.publicKey.y)) \(message.isEmpty ? "-" : hex(message))"
      input += "\(prefix) \(hex(signature.r)) \(hex(signature.s))\n"
      input += "\(prefix) \(hex(tampered)) \(hex(signature.s))\n"
    }
    let script = Self.preamble + """
      for line in sys.stdin.read().split('\\n'):
          if not line: continue
          x, y, message, r, s = line.split(' ')
          key = ec.EllipticCurvePublicNumbers(int(x, 16), int(y, 16), curve).public_key()
          try:
              key.verify(encode_dss_signature(int(r, 16), int(s, 16)), b'' if message == '-' else bytes.fromhex(message), ec.ECDSA(hashes.SHA256()))
              print('valid')
          except InvalidSignature:
              print('invalid')
      """
    let (status, output) = try OpenSSLThroughPython.run(script, input: input)
    try #require(status == 0)
    let verdicts = output.split(separator: "\n").map(String.init)
    #expect(verdicts == Array(repeating: ["valid", "invalid"], count: 20).flatMap { $0 })
  }
}

/// python3 and `cryptography`, which wraps OpenSSL: an independent P-256 to check against.
private enum OpenSSLThroughPython {
  /// Whether python3 runs and can import `cryptography`'s elliptic curves.
  static let isAvailable: Bool = (try? run("import cryptography.hazmat.primitives.asymmetric.ec", input: ""))?.status == 0

  /// Runs `python3 -c script` with `input` on stdin; its exit status and stdout.
  static func run(_ script: String, input: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }
}
