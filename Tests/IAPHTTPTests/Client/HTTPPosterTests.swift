import Testing
@testable import IAPHTTP
import IAPSystem

@Suite struct HTTPPosterTests {
  @Test func readsHTTPURLs() {
    #expect(HTTPPoster.Target("http://127.0.0.1:8080/asn/v2") == HTTPPoster.Target(host: "127.0.0.1", port: "8080", path: "/asn/v2"))
    #expect(HTTPPoster.Target("http://localhost") == HTTPPoster.Target(host: "localhost", port: "80", path: "/"))
    #expect(HTTPPoster.Target("http://[::1]:9000/x") == HTTPPoster.Target(host: "::1", port: "9000", path: "/x"))
  }

  /// Host carries the port and brackets an IPv6 address, as a browser's does: a server that
  /// checks Host (iap serve) sees the name it was reached by.
  @Test func theHostHeaderIsTheURLsAuthority() {
    #expect(HTTPPoster.Target("http://[::1]:9000/x")?.authority == "[::1]:9000")
    #expect(HTTPPoster.Target("http://127.0.0.1:8080/")?.authority == "127.0.0.1:8080")
    #expect(HTTPPoster.Target("http://example.com/")?.authority == "example.com")
  }

  @Test(arguments: ["https://example.com/", "ftp://x/", "http://", "http://host:port/", "http://h/a b"])
  func refusesWhatItCannotPostTo(_ url: String) {
    #expect(HTTPPoster.Target(url) == nil)
  }

  @Test func aServerThatIsNotThereIsAFailureNotACrash() {
    #expect(throws: HTTPPoster.Failure.self) { try HTTPPoster.post(Array("{}".utf8), to: "http://127.0.0.1:9/", timeout: 2, deadline: Deadline(seconds: 5)) }
    #expect(throws: HTTPPoster.Failure.self) { try HTTPPoster.post([], to: "https://127.0.0.1/", deadline: Deadline(seconds: 5)) }
  }
}
