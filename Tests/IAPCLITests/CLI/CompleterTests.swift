import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct CompleterTests {
  func complete(_ line: String, ids: [String] = ["gems", "gold.monthly", "sword"]) -> [String] {
    var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    if words.isEmpty { words = [""] }
    return Completer.candidates(for: words) { ids }
  }

  @Test func completesCommandsAndSubcommands() {
    #expect(complete("b") == ["buy"])
    #expect(complete("subscription ") == ["status", "cancel", "resume", "expire", "renew", "price-increase", "price-increase-consent", "timeline", "manage"])
    #expect(complete("clock a") == ["advance"])
    #expect(complete("settings ") == ["set", "reset"])
    #expect(complete("products ") == ["list", "fetch", "remove-from-sale", "restore-to-sale"])
    #expect(complete("consent ") == ["rescind"])
    #expect(complete("messages ") == ["dismiss", "accept", "send"])
    #expect(complete("external-purchase ") == ["token"])
    #expect(complete("products remove-from-sale s") == ["sword"])
  }

  @Test func completesProductIdsFromTheCatalog() {
    #expect(complete("buy g") == ["gems", "gold.monthly"])
    #expect(complete("products fetch gems s") == ["sword"], "fetch takes any number of ids")
    #expect(complete("buy gems ").isEmpty, "buy takes one id")
    #expect(complete("--json buy --quantity 2 s") == ["sword"], "options and their values are skipped")
  }

  @Test func completesOptionsAndTheirValues() {
    #expect(complete("buy x --q") == ["--quantity", "--quiet"])
    #expect(complete("refund 1 --reason ") == ["developerIssue", "other"])
    #expect(complete("refund-request 1 --reason U") == ["UNINTENDED_PURCHASE", "UNSATISFIED_WITH_PURCHASE"])
    #expect(complete("receipt verify --endpoint p") == ["production"])
    #expect(complete("subscription price-increase pro.monthly --consent n") == ["notRequired"])
    #expect(complete("subscription price-increase-consent pro.monthly d") == ["decline"])
    #expect(complete("buy x --fail paymentC") == ["paymentCancelled"])
    #expect(complete("--ver") == ["--version"])
  }

  @Test func leavesFileNamesToTheShell() {
    #expect(complete("--catalog ").isEmpty)
    #expect(complete("receipt verify --data r").isEmpty)
  }

  @Test func completesSettingNamesAndShells() {
    #expect(complete("settings set ask") == ["ask-to-buy"])
    #expect(complete("completions z") == ["zsh"])
  }

  @Test func theCommandPrintsCandidatesAndScripts() {
    let harness = TestHarness()
    #expect(harness.run(["completions", "--complete", "--", "buy", "sw"]).stdout == "sword\n")
    #expect(harness.run(["completions", "--complete", "--", "buy", "--catalog", "none.plist", ""]).stdout == "")
    #expect(harness.run("completions bash").stdout.contains("complete -o default -F _iap iap"))
    #expect(harness.run("completions zsh").stdout.hasPrefix("#compdef iap"))
    #expect(harness.run("completions fish").stdout.contains("complete -c iap"))
    let bad = harness.run("completions tcsh")
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("error: unknown shell 'tcsh': expected bash, zsh or fish"))
  }
}
