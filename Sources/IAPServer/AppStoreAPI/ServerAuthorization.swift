import IAPCore
import IAPCrypto
import IAPFormats
import IAPHTTP
import IAPKit
import IAPStorage

/// Why the App Store Server API refuses a request's token (it answers 401 to each), or
/// why it could not check it (`unavailable`: the server's own failure, answered 5xx).
package enum ServerAuthorizationError: Error, Equatable, Sendable, CustomStringConvertible {
  case missing
  case malformed(String)
  case unknownKey(String)
  case badSignature
  case wrongClaim(String)
  case expired
  case tooLong
  /// `iat` is more than a minute ahead of the server's clock: Apple allows that much skew.
  case issuedInFuture
  /// The store could not read what checks the token (its keys, its catalog, its state): no
  /// fault of the token, so not a 401.
  case unavailable(IAPError)

  package var description: String {
    switch self {
    case .missing: return "no 'Authorization: Bearer' token"
    case let .malformed(why): return "the token is not an ES256 JWT: \(why)"
    case let .unknownKey(kid): return "no key '\(kid)' is registered (iap keys)"
    case .badSignature: return "the token's signature does not verify under its key"
    case let .wrongClaim(claim): return "the token's '\(claim)' is not this store's"
    case .expired: return "the token has expired"
    case .tooLong: return "the token expires more than 60 minutes from now"
    case .issuedInFuture: return "the token's 'iat' is more than a minute in the future"
    case let .unavailable(error): return "the token could not be checked: \(error.userMessages.joined(separator: "; "))"
    }
  }
}

extension Workspace {
  /// Use case: checks an App Store Server API request's `Authorization: Bearer` token as Apple
  /// does: an ES256 JWT signed by a key registered with `iap keys` (its `kid`), `aud`
  /// "appstoreconnect-v1", `bid` the catalog's bundle id, `iss` the state's issuer id, and
  /// `exp` in the future and at most 60 minutes away, by the real clock (tokens are made by
  /// a developer's server, which knows no simulated time); an `iat`, when there is one, at
  /// most a minute ahead. The scheme's name is matched in any case (`bearer`), as RFC 9110
  /// has it.
  ///
  /// The server verifies a token's signature once (`ServerTokenCache`): later requests with
  /// the same token, under the same key, check the claims only.
  package func authorizeServerRequest(_ authorization: String?) throws(ServerAuthorizationError) {
    guard let authorization, let bearer = HTTPHeaders.bearerToken(in: authorization) else { throw .missing }
    let token = String(bearer)
    let tokens = serverCache?.tokens
    let known = tokens?.lookup(token)
    let kid: String
    let claims: JSONValue
    if let known {
      (kid, claims) = (known.kid, known.claims)
    } else {
      let header: JSONValue
      do { (header, claims, _) = try JWS.decode(token, key: nil) } catch { throw .malformed(error.description) }
      guard header["alg"]?.stringValue == "ES256" else { throw .malformed("alg is not ES256") }
      guard let id = header["kid"]?.stringValue else { throw .malformed("no kid") }
      kid = id
    }
    // The keys and the catalog are the store's: failing to read them is the server's
    // failure, never the token's (a client would conclude its key is wrong).
    let keys: (file: KeysFile, publicKeys: [String: P256.PublicKey])
    do { keys = try keysForChecking() } catch { throw .unavailable(error) }
    guard let key = keys.publicKeys[kid], let point = keys.file.entry(kid)?.publicKey else { throw .unknownKey(kid) }
    // A signature verified under these very key bytes need not be verified again.
    let verified = known?.publicKey == point
    guard verified || JWS.isValidES256(token, key: key) else { throw .badSignature }
    guard claims["aud"]?.stringValue == "appstoreconnect-v1" else { throw .wrongClaim("aud") }
    let bundleId: String?
    do {
      let fields = try catalogFields()
      authorizedCatalogFields = fields
      bundleId = fields.bundleId
    } catch { throw .unavailable(error) }
    guard let bundleId, claims["bid"]?.stringValue == bundleId else { throw .wrongClaim("bid") }
    guard let issuer = keys.file.issuerId, claims["iss"]?.stringValue == issuer else { throw .wrongClaim("iss") }
    guard let exp = claims["exp"]?.intValue else { throw .wrongClaim("exp") }
    let now = environment.now().milliseconds / 1000
    guard exp > now else {
      tokens?.forget(token)
      throw .expired
    }
    guard exp <= now + 3600 else { throw .tooLong }
    if let iat = claims["iat"], iat != .null {
      guard let issued = iat.intValue else { throw .wrongClaim("iat") }
      guard issued <= now + 60 else { throw .issuedInFuture }
    }
    if !verified { tokens?.remember(token, .init(kid: kid, claims: claims, publicKey: point, expires: exp), now: now) }
  }
}
