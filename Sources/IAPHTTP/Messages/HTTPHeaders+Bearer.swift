extension HTTPHeaders {
  /// The token of `Authorization: Bearer TOKEN`, or nil without one.
  package var bearerToken: Substring? { self["Authorization"].flatMap(Self.bearerToken) }

  /// The token of an `Authorization` value of the Bearer scheme (RFC 6750 §2.1), the scheme's
  /// name in any case (RFC 9110 §11.1: `bearer`, `BEARER`); nil for another scheme or an
  /// empty token.
  package static func bearerToken(in authorization: String) -> Substring? {
    let value = authorization.trimmingSpaces
    guard let space = value.firstIndex(where: { $0 == " " || $0 == "\t" }), same(value[..<space], "Bearer") else { return nil }
    let token = value[space...].trimmingSpaces
    return token.isEmpty ? nil : token
  }
}
