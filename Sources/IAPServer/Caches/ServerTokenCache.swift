import IAPFormats
import IAPSystem

/// Bearer tokens whose ES256 signature the server has verified, by the token's text, so that
/// a client that sends the same token with every request (as Apple's libraries do, for up
/// to an hour) pays for the verification once: it would otherwise be most of a request.
///
/// Only the signature's verdict is remembered, with the key it verified under: each request
/// still looks its `kid` up in the keys in force and checks every claim, `exp` included,
/// against the clock of that moment, so a key removed or replaced (other bytes under the
/// same id), another bundle id or issuer, or the token's expiry refuse it as before. Bounded:
/// when full, expired tokens go first, then all of them.
package final class ServerTokenCache: Sendable {
  /// What a verified token held.
  package struct Verified: Sendable {
    package var kid: String
    package var claims: JSONValue
    /// The public key (65-byte X9.63 point) its signature verified under.
    package var publicKey: [UInt8]
    /// The `exp` claim, in seconds: an entry past it is of no further use.
    package var expires: Int64

    /// A token's verified parts.
    package init(kid: String, claims: JSONValue, publicKey: [UInt8], expires: Int64) {
      self.kid = kid
      self.claims = claims
      self.publicKey = publicKey
      self.expires = expires
    }
  }

  /// Tokens kept at most: a load test uses one or a few, a fleet of servers one each.
  static let capacity = 1_024

  private let verified = Locked<[String: Verified]>([:])

  package init() {}

  /// Tokens kept now.
  var count: Int { verified.withLock { $0.count } }

  /// What `token` held when it was verified, if it was.
  package func lookup(_ token: String) -> Verified? {
    verified.withLock { $0[token] }
  }

  /// Remembers that `token` verified under `entry.publicKey`; `now` (seconds) makes room.
  package func remember(_ token: String, _ entry: Verified, now: Int64) {
    verified.withLock { verified in
      if verified.count >= Self.capacity {
        verified = verified.filter { $0.value.expires > now }
        if verified.count >= Self.capacity { verified.removeAll() }
      }
      verified[token] = entry
    }
  }

  /// Forgets `token` (expired, or refused since).
  package func forget(_ token: String) {
    verified.withLock { _ = $0.removeValue(forKey: token) }
  }
}
