import IAPFormats
import IAPTesting
import Testing

/// Which command lines a scenario sends over the control plane, and as what request: the
/// rest run in process, so a wrong translation would quietly test the CLI twice.
@Suite struct ControlPlaneCommandTests {
  static func request(_ line: String) -> ControlPlaneCommand? { ControlPlaneCommand(line.split(separator: " ").map(String.init)) }

  @Test func aPurchaseIsAPostWithTheOptionsAsBodyMembers() throws {
    let command = try #require(Self.request("buy gems --quantity 3 --username u1 --finish --fail 2 --json"))
    #expect(command.method == "POST")
    #expect(command.path == "/purchases")
    #expect(
      command.body.map(JSONValue.object)
        == .object([
          ("productId", .string("gems")), ("quantity", .int(3)), ("applicationUsername", .string("u1")), ("finish", .bool(true)),
          ("simulatedError", .string("2")),
        ]))
  }

  @Test func transactionCommandsAddressTheTransaction() {
    #expect(Self.request("finish #7")?.path == "/transactions/7/finish")
    #expect(Self.request("finish --all")?.path == "/transactions/unfinished/finish")
    #expect(Self.request("approve 2")?.path == "/transactions/2/approve")
    #expect(Self.request("delete 3")?.method == "DELETE")
    #expect(Self.request("refund 1 --reason developerIssue")?.body.map(JSONValue.object) == .object([("reason", .string("developerIssue"))]))
    #expect(Self.request("queue --json")?.path == "/transactions/unfinished")
    #expect(Self.request("products fetch a b")?.path == "/products?id=a&id=b")
    #expect(Self.request("settings set ask-to-buy on")?.method == "PATCH")
  }

  @Test func optionsTheRouteDoesNotTakeKeepTheCommandInProcess() {
    for line in [
      "buy gems --account alice", "buy gems --quantiy 2", "buy gems --quantity lots", "queue --device phone", "finish 1 2", "finish",
      "products list --locale fr_FR", "--state elsewhere queue", "restore", "can-make-payments", "settings reset",
    ] {
      #expect(Self.request(line) == nil, "\(line)")
    }
  }
}
