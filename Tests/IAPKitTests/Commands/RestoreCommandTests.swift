import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct RestoreCommandTests {
  let harness = TestHarness()

  @Test func restoresNonConsumablesAndSubscriptionsButNeverConsumables() {
    for id in ["gems", "sword", "pass", "pro.monthly"] { harness.run("buy \(id) --finish") }
    harness.advance(seconds: 3600)
    let result = harness.run("restore")
    #expect(result.status == 0)
    #expect(result.stdout == """
      #5  restored  sword        2026-01-15T11:00:00Z  original #2 (2026-01-15T10:00:00Z)
      #6  restored  pro.monthly  2026-01-15T11:00:00Z  original #4 (2026-01-15T10:00:00Z)  expires 2026-02-15T10:00:00Z
      restore finished: 2 restored

      """)
    #expect(harness.run("queue --json").json.transactions.compactMap { $0["state"]?.stringValue } == ["restored", "restored"])
  }

  @Test func jsonCountsTheRestored() {
    harness.run("buy sword --finish")
    let json = harness.run("restore --json").json
    #expect(json["restored"] == .int(1))
    #expect(json.transactions.first?["originalId"] == .string("1"))
  }

  @Test func nothingToRestoreIsStillSuccess() {
    harness.run("buy gems --finish")
    let result = harness.run("restore")
    #expect(result.status == 0)
    #expect(result.stdout == "restore finished: 0 restored\n")
  }
}
