import IAPFormats
import IAPKit
import Testing

@testable import IAPCLI

/// The CLI's own failures end as they always have: their names, exit statuses and the
/// `{"error": …}` document are those scripts read.
@Suite struct CLIErrorTests {
  @Test func aServerThatCannotListenIs74InTheApplicationsDocument() {
    let failure = CLIError.cannotServe(address: "127.0.0.1:80", reason: "in use")
    #expect(failure.message == "cannot serve on 127.0.0.1:80: in use")
    #expect(failure.exitCode == .ioError)
    #expect(
      JSONWriter.compact(failure.json)
        == #"{"domain":"iap","code":74,"name":"cannotServe","message":"cannot serve on 127.0.0.1:80: in use","exitCode":74}"#)
  }

  @Test func aMalformedCommandLineIs64() {
    let failure = CLIError.usage("unknown option '--x'", command: ["buy"])
    #expect(failure.name == "usage" && failure.exitCode == .usage)
    #expect(JSONWriter.compact(failure.json) == #"{"domain":"iap","code":64,"name":"usage","message":"unknown option '--x'","exitCode":64}"#)
  }
}
