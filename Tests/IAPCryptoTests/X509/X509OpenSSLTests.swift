import Foundation
import Testing
@testable import IAPFormats
@testable import IAPCrypto

/// Cross-checks with OpenSSL: a chain built here, signed through `openssl dgst -sign` with
/// keys `openssl genpkey` made, must pass `openssl verify`; keys written here must read back
/// in `openssl pkey`; and the chain check, verifying through `openssl dgst -verify`,
/// must accept that chain and name the check a tampered one fails.
@Suite(.enabled(if: OpenSSLWorkbench.executable != nil, "openssl is not installed: skipping the OpenSSL cross-checks"))
struct X509OpenSSLTests {
  /// Three OpenSSL keys and the chain built for them, made once for every test.
  struct Built: Sendable {
    var keys: [X509ChainPosition: ECPrivateKey] = [:]
    var keyPEMs: [X509ChainPosition: String] = [:]
    var leaf: [UInt8] = []
    var intermediate: [UInt8] = []
    var root: [UInt8] = []
    /// When the chain was built, in seconds: it is valid from a day before.
    var now: Int64 = 0
  }

  static let built: Result<Built, any Error> = Result {
    let bench = try OpenSSLWorkbench()
    var built = Built()
    for position in [X509ChainPosition.root, .intermediate, .leaf] {
      let name = "\(position).key"
      let result = try bench.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", name])
      guard result.status == 0 else { throw OpenSSLFailure(output: result.output) }
      built.keyPEMs[position] = String(decoding: try bench.read(name), as: UTF8.self)
      built.keys[position] = try ECPrivateKey(pem: built.keyPEMs[position]!)
    }
    func point(_ position: X509ChainPosition) throws -> [UInt8] {
      guard let key = built.keys[position]?.publicKey else { throw OpenSSLFailure(output: "\(position).key has no public key") }
      return key
    }
    var chain = X509TestChain(rootKey: try point(.root), intermediateKey: try point(.intermediate), leafKey: try point(.leaf))
    built.now = Int64(Date().timeIntervalSince1970)
    for keyPath in [\X509TestChain.root, \.intermediate, \.leaf] { chain[keyPath: keyPath].notBefore = built.now - 86_400 }
    chain.leaf.notAfter = built.now + 365 * 86_400
    chain.intermediate.notAfter = built.now + 3 * 365 * 86_400
    var count = 0
    let certificates = try chain.build { issuer, tbs in
      // The closure cannot throw: a failure returns no bytes, which `build` refuses.
      count += 1
      guard (try? bench.write("tbs\(count).bin", tbs)) != nil,
        let result = try? bench.openssl(["dgst", "-sha256", "-sign", "\(issuer).key", "-out", "sig\(count).der", "tbs\(count).bin"]),
        result.status == 0, let der = try? bench.read("sig\(count).der")
      else { return [] }
      return (try? ECDSASignatureDER.decode(der)) ?? []
    }
    (built.leaf, built.intermediate, built.root) = certificates
    return built
  }

  struct OpenSSLFailure: Error, CustomStringConvertible {
    var output: String
    var description: String { "openssl failed: \(output)" }
  }

  /// Writes the three certificates as PEM files named after their positions.
  func writeChain(_ built: Built, to bench: OpenSSLWorkbench) throws {
    for (name, der) in [("root", built.root), ("intermediate", built.intermediate), ("leaf", built.leaf)] {
      try bench.write("\(name).pem", text: PEM(label: PEM.Label.certificate, bytes: der).text)
    }
  }

  @Test func openSSLVerifiesTheChain() throws {
    let built = try Self.built.get()
    let bench = try OpenSSLWorkbench()
    try writeChain(built, to: bench)
    let result = try bench.openssl(["verify", "-x509_strict", "-CAfile", "root.pem", "-untrusted", "intermediate.pem", "leaf.pem"])
    #expect(result.status == 0 && result.output.contains("leaf.pem: OK"), "\(result.output)")
  }

  @Test func openSSLShowsTheExtensions() throws {
    let built = try Self.built.get()
    let bench = try OpenSSLWorkbench()
    try writeChain(built, to: bench)
    func text(_ name: String) throws -> String {
      let result = try bench.openssl(["x509", "-in", "\(name).pem", "-noout", "-text"])
      #expect(result.status == 0, "\(result.output)")
      return result.output
    }
    func colons(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined(separator: ":") }
    let leafKeyID = X509Extension.keyIdentifier(publicKey: try #require(built.keys[.leaf]?.publicKey))
    let intermediateKeyID = X509Extension.keyIdentifier(publicKey: try #require(built.keys[.intermediate]?.publicKey))
    let leaf = try text("leaf")
    for expected in [
      "Version: 3 (0x2)", "Signature Algorithm: ecdsa-with-SHA256", "NIST CURVE: P-256",
      "Subject: CN = iap App Store Receipt Signing, OU = iap Worldwide Developer Relations, O = iap, C = US",
      "X509v3 Basic Constraints: critical\n                CA:FALSE", "X509v3 Key Usage: critical\n                Digital Signature",
      "X509v3 Subject Key Identifier: \n                \(colons(leafKeyID))",
      "X509v3 Authority Key Identifier: \n                \(colons(intermediateKeyID))", "1.2.840.113635.100.6.11.1:",
    ] {
      #expect(leaf.contains(expected), "leaf lacks \(expected)\n\(leaf)")
    }
    let intermediate = try text("intermediate")
    for expected in [
      "CA:TRUE, pathlen:0", "Certificate Sign, CRL Sign", "1.2.840.113635.100.6.2.1:",
      "Issuer: CN = iap Test Root CA - G3, OU = iap Certification Authority, O = iap, C = US",
    ] {
      #expect(intermediate.contains(expected), "intermediate lacks \(expected)\n\(intermediate)")
    }
    let root = try text("root")
    #expect(root.contains("Not After : Nov 23 19:33:20 2061 GMT"), "a GeneralizedTime past 2049\n\(root)")
    for name in ["root", "intermediate", "leaf"] {
      let parsed = try bench.openssl(["asn1parse", "-in", "\(name).pem"])
      #expect(parsed.status == 0 && !parsed.output.contains("error"), "\(name): \(parsed.output)")
    }
  }

  @Test func openSSLReadsTheKeysWrittenHere() throws {
    let built = try Self.built.get()
    let bench = try OpenSSLWorkbench()
    let key = try #require(built.keys[.leaf])
    let point = try #require(key.publicKey)
    let expected = SubjectPublicKeyInfo.pem(p256PublicKey: point)
    #expect(PKCS8.pem(key) == built.keyPEMs[.leaf], "OpenSSL's PKCS#8 bytes are reproduced")
    // Without the public key, OpenSSL must derive the same point from the scalar.
    try bench.write("pkcs8.pem", text: PKCS8.pem(ECPrivateKey(privateKey: key.privateKey, publicKey: nil)))
    try bench.write("sec1.pem", text: key.sec1PEM)
    for file in ["pkcs8.pem", "sec1.pem"] {
      let result = try bench.openssl(["pkey", "-in", file, "-pubout"])
      #expect(result.status == 0 && result.output == expected, "\(file): \(result.output)")
    }
    try bench.write("public.pem", text: expected)
    let result = try bench.openssl(["pkey", "-pubin", "-in", "public.pem", "-outform", "DER", "-out", "public.der"])
    #expect(result.status == 0, "\(result.output)")
    #expect(try bench.read("public.der") == SubjectPublicKeyInfo.encode(p256PublicKey: point))
  }

  /// `X509Chain.verify` with ECDSA done by `openssl dgst -verify`.
  @Test func chainCheckAcceptsTheChainAndNamesTampering() throws {
    let built = try Self.built.get()
    let bench = try OpenSSLWorkbench()
    var count = 0
    let verify: X509Chain.Verifier = { key, message, signature in
      count += 1
      guard let der = ECDSASignatureDER.encode(raw: signature),
        (try? bench.write("key\(count).pem", text: SubjectPublicKeyInfo.pem(p256PublicKey: key))) != nil,
        (try? bench.write("msg\(count).bin", message)) != nil, (try? bench.write("sig\(count).der", der)) != nil,
        let result = try? bench.openssl([
          "dgst", "-sha256", "-verify", "key\(count).pem", "-signature", "sig\(count).der", "msg\(count).bin",
        ])
      else { return false }
      return result.status == 0 && result.output.contains("Verified OK")
    }
    let now = Timestamp(milliseconds: built.now * 1000)
    let leaf = try X509Chain.verify(
      leaf: built.leaf, intermediate: built.intermediate, root: built.root, trustedRoot: built.root, at: now, verify: verify)
    #expect(leaf.p256PublicKey == built.keys[.leaf]?.publicKey)

    var tampered = built.leaf
    let name = Array("Receipt".utf8)
    let index = try #require((0...(tampered.count - name.count)).first { Array(tampered[$0..<$0 + name.count]) == name })
    tampered[index] ^= 0x20
    #expect(throws: X509ChainError.badSignature(.leaf)) {
      try X509Chain.verify(
        leaf: tampered, intermediate: built.intermediate, root: built.root, trustedRoot: built.root, at: now, verify: verify)
    }
    var intermediate = built.intermediate
    let serial: [UInt8] = [0x02, 0x02, 0x02, 0x2A]
    let at = try #require((0...(intermediate.count - 4)).first { Array(intermediate[$0..<$0 + 4]) == serial })
    intermediate[at + 3] ^= 0x01
    #expect(throws: X509ChainError.badSignature(.intermediate)) {
      try X509Chain.verify(leaf: built.leaf, intermediate: intermediate, root: built.root, trustedRoot: built.root, at: now, verify: verify)
    }
  }

  /// Python's `cryptography` (where installed) reads the certificates and checks each
  /// signature with its own ECDSA.
  @Test func pythonCryptographyReadsTheChain() throws {
    let built = try Self.built.get()
    let bench = try OpenSSLWorkbench()
    try writeChain(built, to: bench)
    let script = """
      import sys
      try:
          from cryptography import x509
      except ImportError:
          print("skip"); sys.exit(0)
      c = {n: x509.load_pem_x509_certificate(open(n + ".pem", "rb").read()) for n in ["root", "intermediate", "leaf"]}
      c["leaf"].verify_directly_issued_by(c["intermediate"])
      c["intermediate"].verify_directly_issued_by(c["root"])
      print(c["leaf"].subject.rfc4514_string())
      print(",".join(e.oid.dotted_string for e in c["leaf"].extensions))
      print(c["intermediate"].extensions.get_extension_for_class(x509.BasicConstraints).value.path_length)
      """
    try bench.write("check.py", text: script)
    let result: (status: Int32, output: String)
    do { result = try bench.run("/usr/bin/env", ["python3", "check.py"]) } catch { return }
    guard result.status != 127, !result.output.hasPrefix("skip") else { return }  // no python3 or no cryptography
    #expect(result.status == 0, "\(result.output)")
    #expect(
      result.output
        == "C=US,O=iap,OU=iap Worldwide Developer Relations,CN=iap App Store Receipt Signing\n"
        + "2.5.29.19,2.5.29.15,2.5.29.14,2.5.29.35,1.2.840.113635.100.6.11.1\n0\n")
  }
}
