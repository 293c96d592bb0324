import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct CLITests {
  let harness = TestHarness()

  @Test func versionAndHelpGoToStdoutWithSuccess() {
    #expect(harness.run("--version").stdout == "iap \(CLI.version)\n")
    let help = harness.run("")
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("OVERVIEW: "))
  }

  /// `iap version` is a command as `iap --version` is an option, and `iap bye` suggests `buy`.
  @Test func versionIsACommandTooAndByeSuggestsBuy() {
    #expect(harness.run("version").stdout == "iap \(CLI.version)\n")
    #expect(harness.run("version --json").json["version"]?.stringValue == CLI.version)
    let bye = harness.run("bye sword")
    #expect(bye.status == 64)
    #expect(bye.stderr.hasPrefix("error: unknown command 'bye' (did you mean 'buy'?)\n"))
  }

  @Test func usageErrorsGoToStderrWithAHintAndExit64() {
    let result = harness.run("biy sword")
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr == """
      error: unknown command 'biy' (did you mean 'buy'?)
      usage: iap <subcommand>
        See 'iap --help' for more information.

      """)
  }

  @Test func failuresAlsoPrintAJSONErrorWithJSON() {
    let result = harness.run("queue --bogus --json")
    #expect(result.status == 64)
    #expect(result.json["error"]?["name"] == .string("usage"))
    #expect(result.json["error"]?["exitCode"] == .int(64))
  }

  @Test func aMissingCatalogIs66AndNamesThePath() {
    let result = harness.run("products list --catalog nowhere.plist")
    #expect(result.status == 66)
    #expect(result.stderr == "error: catalog not found: nowhere.plist (use --catalog PATH or IAP_CATALOG)\n")
  }

  @Test func anInvalidCatalogIs65WithEveryProblemAndChangesNothing() {
    harness.run("buy sword")
    let before = harness.read(".iap/transactions.log")
    harness.write("bad.plist", TestHarness.plist(products: [TestHarness.product("a", "nope", price: "<string>x</string>")]))
    let result = harness.run("buy a --catalog bad.plist")
    #expect(result.status == 65)
    #expect(result.stderr == """
      error: bad.plist: products[0] (a): type: expected one of consumable, nonConsumable, autoRenewable, nonRenewing, got "nope"
      error: bad.plist: products[0] (a): price: expected a decimal number ≥ 0, got "x"

      """)
    #expect(harness.read(".iap/transactions.log") == before)
  }

  @Test func catalogWarningsGoToStderrAndDoNotFail() {
    harness.write("warn.plist", TestHarness.plist(products: [TestHarness.product("a", "consumable", price: "<string>1</string>")], top: "<key>extra</key><true/>"))
    let result = harness.run("products list --catalog warn.plist")
    #expect(result.status == 0)
    #expect(result.stderr == "warning: warn.plist: extra: unknown key (ignored)\n")
  }

  @Test func environmentVariablesChooseCatalogAndState() {
    harness.write("other.plist", TestHarness.plist(products: [TestHarness.product("only", "consumable", price: "<string>1</string>")]))
    harness.variables = ["IAP_CATALOG": "other.plist", "IAP_STATE": "elsewhere"]
    #expect(harness.run("buy only").status == 0)
    #expect(harness.read("elsewhere/store.json") != nil)
    #expect(harness.run("buy only --state .iap --catalog catalog.plist").status == 1)
  }

  @Test func anUnreadableStateIs74AndIsLeftUntouched() {
    harness.run("buy sword")
    harness.write(".iap/store.json", "{broken")
    for command in ["queue", "buy gems", "finish --all", "restore", "history"] {
      let result = harness.run(command)
      #expect(result.status == 74, "\(command)")
      #expect(result.stderr.hasPrefix("error: state file "), "\(command)")
      #expect(result.stderr.contains(".iap/store.json is unreadable (invalid JSON at byte 1: expected a string key)"))
    }
    #expect(harness.read(".iap/store.json") == "{broken")
  }
}
