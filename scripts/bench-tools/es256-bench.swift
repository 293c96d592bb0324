// ES256 micro-benchmark for scripts/bench: compiled with the P-256 sources of IAPCrypto
// (swiftc -O -wmo), it times key derivation, signing and verification of a JWS-sized
// message and prints operations per second. Not a test: it prints figures.
import Foundation

@main
struct ES256Bench {
  static func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  static func main() {
    let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 2000
    let message = Array(String(repeating: "eyJhbGciOiJFUzI1NiJ9.", count: 40).utf8)
    var keys: [P256.PrivateKey] = []
    let derive = seconds { for i in 0..<count { keys.append(P256.PrivateKey(seed: SHA256.hash(Array("key \(i)".utf8)))) } }
    var signatures: [P256.Signature] = []
    let sign = seconds { for key in keys { signatures.append(key.signature(for: message)) } }
    var valid = 0
    let verify = seconds { for (key, signature) in zip(keys, signatures) where key.publicKey.isValidSignature(signature, for: message) { valid += 1 } }
    precondition(valid == count, "a signature did not verify")
    for (name, time) in [("derive a key", derive), ("sign (RFC 6979)", sign), ("verify", verify)] {
      print(String(format: "ES256 %-16@ %8.1f µs each, %8.0f per second (%d runs)", name as NSString, time / Double(count) * 1e6, Double(count) / time, count))
    }
  }
}
