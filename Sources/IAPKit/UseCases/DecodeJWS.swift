import IAPCatalog
import IAPCore
import IAPCrypto
import IAPFormats
import IAPStorage

/// Where the token to decode comes from.
package enum TokenSource: Sendable {
  /// The token itself.
  case text(String)
  /// The first line of standard input.
  case standardInput
}

/// What decoding a signed token asks for.
package struct DecodeJWSRequest: Sendable {
  package var token: TokenSource

  package init(token: TokenSource) { self.token = token }
}

/// What a signed transaction, renewal info or notification says, and whether this store
/// signed it.
package struct DecodeJWSResult {
  package var header: JSONValue
  package var payload: JSONValue
  /// Whether the signature holds: an HS256 one under this state's signing secret (or the
  /// one the settings and `$IAP_SIGNING_SECRET` give), an ES256 one through its `x5c` chain
  /// to this state's root certificate.
  package var signatureValid: Bool
  /// How the signature was checked, in words.
  package var method: String
  /// The check that failed, when one did.
  package var failure: String?
  /// The environment the payload names (a notification's in its `data`): what Apple's
  /// `SignedDataVerifier` must be made with to accept it.
  package var environment: String? {
    payload["environment"]?.stringValue ?? payload["data"]?["environment"]?.stringValue
  }

  /// How Apple's `SignedDataVerifier` takes a value signed for `environment`: the hint for a
  /// verifier made for another, which fails with no word about why.
  package var verifierHint: String? {
    guard let name = environment, let known = AppStoreEnvironment(rawValue: name) else { return nil }
    guard known.signsWithCertificates else {
      return "signed with HS256 for \(name): Apple's SignedDataVerifier checks no signature in Environment.LOCAL_TESTING or XCODE, "
        + "and one made for SANDBOX or PRODUCTION refuses it (VerificationException, status 1); "
        + "iap settings set environment Sandbox signs with a certificate chain as Apple does"
    }
    return "signed for \(name): make Apple's SignedDataVerifier with Environment.\(known.rawValue.uppercased()) "
      + "(one made for another environment refuses it: VerificationException, INVALID_ENVIRONMENT)"
  }
}

extension Workspace {
  /// Use case: decodes a compact JWS and checks its signature against the signer this store
  /// signs with. A token that is not a compact JWS is `inputInvalid`.
  package func decodeJWS(_ request: DecodeJWSRequest) throws(IAPError) -> DecodeJWSResult {
    let text: String
    switch request.token {
    case let .text(token): text = token
    case .standardInput: text = try standardInputLines().first ?? ""
    }
    let opened = try openStore(forWriting: false)
    let signer = try signer(opened)
    let token = text.trimmingWhitespace
    let decoded: (header: JSONValue, payload: JSONValue, signatureValid: Bool?)
    do { decoded = try JWS.decode(token, key: signer.key) } catch {
      throw .catalog(.inputInvalid(path: "token", reason: error.description))
    }
    if decoded.header["alg"]?.stringValue == "ES256" {
      let root = (signer.chain ?? SigningChain(secret: signer.key)).root
      let date = decoded.payload["signedDate"]?.intValue.map { Timestamp(milliseconds: $0) } ?? opened.now
      let failure = SignatureCheck.es256Failure(token, header: decoded.header, trustedRoot: root, at: date)
      return DecodeJWSResult(
        header: decoded.header, payload: decoded.payload, signatureValid: failure == nil,
        method: "ES256, its x5c chain checked against this state's root certificate", failure: failure)
    }
    let valid = decoded.signatureValid ?? false
    return DecodeJWSResult(
      header: decoded.header, payload: decoded.payload, signatureValid: valid, method: "HS256 under this state's signing secret",
      failure: valid ? nil : decoded.header["alg"]?.stringValue == "HS256" ? "the HMAC does not match" : "alg is neither HS256 nor ES256")
  }
}
