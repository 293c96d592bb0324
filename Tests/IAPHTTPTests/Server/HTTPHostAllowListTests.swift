import Testing

@testable import IAPHTTP

/// The `Host` check against DNS rebinding: loopback always, other names only as given.
@Suite struct HTTPHostAllowListTests {
  @Test(arguments: [
    "localhost", "localhost:8080", "LOCALHOST:1", "127.0.0.1", "127.0.0.1:18121", "127.1.2.3:80", "[::1]", "[::1]:8080",
    "[0:0:0:0:0:0:0:1]:9",
  ])
  func loopbackIsAlwaysAnswered(_ host: String) {
    #expect(HTTPHostAllowList().allows(host))
  }

  @Test(arguments: [
    "evil.example", "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example", "10.0.0.1:8080", "[fe80::1]:8080",
    "128.0.0.1", "::1", "localhost:80x", "", "[::1", "localhost/x",
  ])
  func anythingElseIsNotByDefault(_ host: String) {
    #expect(!HTTPHostAllowList().allows(host))
  }

  @Test func namesGivenAreAnsweredWithAnyPortInAnyCase() {
    let list = HTTPHostAllowList(names: ["iap.test", "Backend", "fe80::1"])
    #expect(list.allows("iap.test:8080"))
    #expect(list.allows("IAP.test"))
    #expect(list.allows("backend:1"))
    #expect(list.allows("[fe80::1]:8080"), "an IPv6 address given bare is matched bracketed")
    #expect(!list.allows("other.test"))
    #expect(!list.allows("iap.test.evil.example"))
  }

  @Test func anAddressIsAnsweredWhenAnyAddressIs() {
    let list = HTTPHostAllowList(anyAddress: true)
    #expect(list.allows("192.168.1.5:8080"))
    #expect(list.allows("[2001:db8::1]:8080"))
    #expect(!list.allows("iap.test:8080"), "a name still needs --allow-host")
  }

  @Test func aStarAnswersEveryHost() {
    #expect(HTTPHostAllowList(names: ["*"]).allows("anything.example:1"))
    #expect(HTTPHostAllowList(names: ["*"]).names.isEmpty)
  }

  @Test func aRequestWithoutHostIsNoBrowsersAndIsAnswered() {
    #expect(HTTPHostAllowList().allows(nil))
  }

  @Test func loopbackAndAddressesAreToldFromNames() {
    for name in ["localhost", "127.0.0.1", "127.255.0.9", "::1", "[::1]"] { #expect(HTTPHostAllowList.isLoopback(name), "\(name)") }
    for name in ["0.0.0.0", "::", "192.168.1.5", "example.com", "127.0.0", "1.2.3.4"] { #expect(!HTTPHostAllowList.isLoopback(name), "\(name)") }
    #expect(HTTPHostAllowList.isAddress("0.0.0.0") && HTTPHostAllowList.isAddress("[2001:db8::1]"))
    #expect(!HTTPHostAllowList.isAddress("localhost"))
    #expect(HTTPHostAllowList.name(ofHost: "[::1]:8080") == "[::1]")
    #expect(HTTPHostAllowList.name(ofHost: "example.com:8080") == "example.com")
  }
}
