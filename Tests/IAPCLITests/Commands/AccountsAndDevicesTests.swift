import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct AccountsAndDevicesTests {
  let harness = TestHarness()

  @Test func twoAccountsNeverSeeEachOthersPurchases() {
    harness.run("buy sword --finish --account alice")
    harness.variables["IAP_ACCOUNT"] = "bob"
    #expect(harness.run("history").stdout == "")
    #expect(harness.run("entitlements").stdout == "")
    #expect(harness.run("restore").stdout == "restore finished: 0 restored\n")
    #expect(harness.run("buy sword --json").json.transactions[1]["state"] == .string("purchased"))
  }

  @Test func theQueueBelongsToTheDeviceAndReinstallEmptiesIt() {
    harness.run("buy sword --device ipad")
    harness.run("buy gems --device ipad")
    #expect(harness.run("queue").stdout == "", "the phone's queue is its own")
    #expect(harness.run("queue --device ipad --json").json.transactions.count == 2)
    let reinstall = harness.run("reinstall --device ipad")
    #expect(reinstall.status == 0)
    #expect(reinstall.stdout.hasSuffix("reinstalled the app on device 'ipad': 2 unfinished transactions left the queue\n"))
    harness.variables["IAP_DEVICE"] = "ipad"
    #expect(harness.run("queue").stdout == "")
    #expect(harness.run("history --json").json.transactions.count == 2, "the account's history stays")
    let restored = harness.run("restore --json").json
    #expect(restored["restored"] == .int(1), "non-consumables come back, consumables never")
    #expect(restored.transactions.first?["productId"] == .string("sword"))
  }

  @Test func finishingAnotherDevicesTransactionSaysWhereItIs() {
    harness.run("buy sword --device ipad")
    #expect(harness.run("finish 1").stderr == "error: transaction 1 is not in the payment queue: it belongs to account 'default' on device 'ipad'\n")
  }

  @Test func emptyOrControlCharacterNamesAreUsageErrors() {
    let result = harness.run(["queue", "--account", ""])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("error: invalid value for '--account <name>'"))
    #expect(harness.run(["queue", "--device", "a\u{1}b"]).status == 64)
  }
}
