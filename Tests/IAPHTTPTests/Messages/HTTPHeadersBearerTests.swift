import Testing

@testable import IAPHTTP

/// `Authorization: Bearer`'s token, the scheme's name in any case (RFC 9110 §11.1).
@Suite struct HTTPHeadersBearerTests {
  @Test func theSchemeIsMatchedInAnyCase() {
    for value in ["Bearer abc.def", "bearer abc.def", "BEARER abc.def", "  Bearer   abc.def  ", "Bearer\tabc.def"] {
      #expect(HTTPHeaders.bearerToken(in: value) == "abc.def", "\(value)")
    }
  }

  @Test func anotherSchemeOrNoTokenIsNone() {
    for value in ["Basic abc", "Bearer", "Bearer ", "Bearerabc", "", "Token abc"] {
      #expect(HTTPHeaders.bearerToken(in: value) == nil, "\(value)")
    }
    #expect(HTTPHeaders([("authorization", "bearer t")]).bearerToken == "t")
    #expect(HTTPHeaders().bearerToken == nil)
  }
}
