import Foundation
import Testing

@testable import IAPServer

/// docs/control-api.md opens each route with its summary and parameters from the route table (the
/// operations' declarations). If this fails after a change to an operation or a route, run the
/// tests once with IAP_UPDATE_DOCS=1 to rewrite them, and commit the document.
@Suite struct ControlReferenceTests {
  @Test func eachRoutesSummaryAndParametersAreTheTables() throws {
    let url = EndToEndTests.packageRoot.appendingPathComponent("docs/control-api.md")
    let document = try String(contentsOf: url, encoding: .utf8)
    let expected = ControlReference.update(document, routes: ControlRoutes.all)
    if document != expected, ProcessInfo.processInfo.environment["IAP_UPDATE_DOCS"] == "1" {
      try expected.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(document == expected, "docs/control-api.md's routes differ from the route table: run swift test with IAP_UPDATE_DOCS=1")
  }

  @Test func aRoutesParametersAreListedWithTheirHelp() throws {
    let route = try #require(ControlRoutes.all.first { $0.method == "POST" && $0.path == "/purchases" })
    let text = try #require(ControlReference.parameters(route))
    #expect(text.hasPrefix("Body: `productId` (required): The product identifier. `quantity`: How many to buy"))
  }
}
