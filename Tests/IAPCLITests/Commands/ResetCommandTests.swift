import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct ResetCommandTests {
  let harness = TestHarness()

  @Test func removesAllStateAndIdsStartAgain() {
    harness.run("buy sword")
    #expect(harness.run("reset").status == 0)
    #expect(harness.run("queue").stdout == "")
    #expect(harness.run("buy sword --json").json.transactions[1]["id"] == .string("1"))
  }

  @Test func clearsAStateThatCannotBeRead() {
    harness.run("buy sword")
    harness.write(".iap/store.json", "garbage")
    #expect(harness.run("queue").status == 74)
    #expect(harness.run("reset").status == 0)
    #expect(harness.run("queue").status == 0)
  }
}
