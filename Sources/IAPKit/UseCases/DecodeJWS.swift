import IAPCore

/// Where the token to decode comes from.
public enum TokenSource: Sendable {
  /// The token itself.
  case text(String)
  /// The first line of standard input.
  case standardInput
}

/// What decoding a signed token asks for.
public struct DecodeJWSRequest: Sendable {
  public var token: TokenSource

  public init(token: TokenSource) { self.token = token }
}

/// What a signed transaction, renewal info or notification says, and whether this store
/// signed it.
public struct DecodeJWSResult {
  public var header: JSONValue
  public var payload: JSONValue
  /// Whether the signature holds under this state's signing secret (or the one the
  /// settings and `$IAP_SIGNING_SECRET` give).
  public var signatureValid: Bool
}

extension Workspace {
  /// Use case: decodes a compact JWS and checks its signature against the signer this store
  /// signs with. A token that is not a compact JWS is `inputInvalid`.
  public func decodeJWS(_ request: DecodeJWSRequest) throws(IAPError) -> DecodeJWSResult {
    let text: String
    switch request.token {
    case let .text(token): text = token
    case .standardInput: text = try standardInputLines().first ?? ""
    }
    let opened = try openStore(forWriting: false)
    let signer = try signer(opened)
    let decoded: (header: JSONValue, payload: JSONValue, signatureValid: Bool?)
    do { decoded = try JWS.decode(text.trimmingWhitespace, key: signer.key) } catch {
      throw .inputInvalid(path: "token", reason: error.description)
    }
    return DecodeJWSResult(header: decoded.header, payload: decoded.payload, signatureValid: decoded.signatureValid ?? false)
  }
}
