// Compiled twice: into iapTests, where FuzzRegressionTests replays the inputs that once
// failed and the seed corpus (`swift test`), and by scripts/fuzz into one module with every
// source (-D IAP_FUZZ_BUILD), where libFuzzer drives it; there the sources are that module.
#if !IAP_FUZZ_BUILD
  @testable import IAPCLI
  @testable import IAPCore
  @testable import IAPFormats
  @testable import IAPHTTP
  @testable import IAPKit
  @testable import IAPServer
#endif

/// Fuzzes the server's HTTP/1.1 request parser and the request readers behind it.
///
/// Invariants: bytes fed in two pieces (split where the input's first byte says) give the same
/// requests and the same refusal as fed at once; every refusal is a 4xx or 5xx that
/// serializes; the query and body readers of each request never trap.
enum HTTPFuzzTarget {
  static func run(_ bytes: [UInt8]) {
    var limits = HTTPRequestParser.Limits()
    // Small limits, so that inputs reach them.
    limits.headerBytes = 2048
    limits.requestLineBytes = 512
    limits.headerCount = 16
    limits.bodyBytes = 4096
    let whole = events(limits, [bytes[...]])
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    let pieces = events(limits, [bytes[..<cut], bytes[cut...]])
    guard whole == pieces else { fatalError("split input parsed differently: \(whole) vs \(pieces)") }
    for event in whole {
      switch event {
      case let .failure(error):
        guard (400..<600).contains(error.status) else { fatalError("a refusal with status \(error.status)") }
        _ = error.response.serialized(closing: true)
      case let .request(request):
        _ = request.wantsKeepAlive
        _ = request.formItems
        _ = try? AppStoreServerAPI.historyQuery(request, version: 2)
        _ = try? AppStoreServerAPI.notificationHistoryQuery(request)
        _ = try? AppStoreServerAPI.extensionRequest(request)
      case .continueExpected:
        break
      }
    }
  }

  /// The requests and the refusal the parser finds in `pieces`, fed one after the other
  /// (`continueExpected` left out: it depends on where the input was cut).
  static func events(_ limits: HTTPRequestParser.Limits, _ pieces: [ArraySlice<UInt8>]) -> [HTTPRequestParser.Event] {
    var parser = HTTPRequestParser(limits: limits)
    var found: [HTTPRequestParser.Event] = []
    for piece in pieces {
      parser.append(piece)
      while let event = parser.next() {
        if case .continueExpected = event { continue }
        found.append(event)
        if case .failure = event { return found }
      }
    }
    return found
  }
}
