import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct HelpFormatterTests {
  @Test func commandHelpHasTheArgumentParserSections() {
    let help = HelpFormatter.help(for: ["buy"])
    #expect(help.hasPrefix("OVERVIEW: Buy a product: add a payment to the queue.\n"))
    #expect(help.contains(
      "\nUSAGE: iap buy <id> [--quantity <n>] [--username <name>] [--finish] [--fail <error>] [--offer <id>] [--key-id <id>] "
        + "[--nonce <uuid>] [--timestamp <ms>] [--signature <base64>] [--offer-jws <jws>] [--win-back <id>] [--offer-code <name>] "
        + "[--intro-eligibility-jws <jws>] [--billing-plan <plan>]\n"))
    #expect(help.contains("\nARGUMENTS:\n  <id>                    The product identifier.\n"))
    #expect(help.contains("\nOPTIONS:\n  --quantity <n>          How many to buy"))
    #expect(help.contains("  -h, --help              Show help information.\n"))
  }

  @Test func rootHelpListsEveryTopLevelCommandAndExitStatuses() {
    let help = HelpFormatter.help(for: [])
    for word in ["products", "buy", "queue", "finish", "restore", "history", "reset", "help"] {
      #expect(help.contains("\n  \(word) "), "missing \(word)")
    }
    #expect(help.contains("EXIT STATUS:"))
    #expect(help.contains("  74   state unreadable or unwritable"))
  }

  /// `--price` is shown as required, and `clock` and `settings` are listed with what they
  /// change, not only what they show.
  @Test func usageAndSummariesSayWhatTheCommandsDo() {
    #expect(HelpFormatter.usage(for: ["subscription", "price-increase"])
      == "iap subscription price-increase <id> --price <price> [--consent <consent>]")
    let root = HelpFormatter.help(for: [])
    #expect(root.contains("  clock                   Show the store's clock; set, advance or make it real.\n"))
    #expect(root.contains("  settings                Show the store's settings; set or reset them.\n"))
    #expect(root.contains("  version                 Show the version (as iap --version).\n"))
  }

  /// The registry's words for each command are the ones its spec declares, and each names
  /// one command: dispatch compares those words without building the specs.
  @Test func theRegistrysWordsAreEachCommandsOwn() {
    for entry in CommandRegistry.entries {
      let (path, command) = (entry.path, entry.type)
      #expect(command.spec.path == path, "\(path)")
      #expect(CommandRegistry.entries.filter { $0.path == path }.count == 1, "\(path)")
      #expect(CommandRegistry.command(at: path) == command)
    }
    #expect(CommandRegistry.groups.map(\.path) == [[]] + CommandRegistry.groupWords.map { [$0] }, "isGroup's words are the groups'")
    #expect(CommandRegistry.command(at: ["products"]) == nil)
    #expect(CommandRegistry.command(at: ["buy", "com.example.gems"]) == nil)
  }

  @Test func everyHelpLineFitsAnEightyColumnTerminal() {
    for command in CommandRegistry.commands {
      for line in HelpFormatter.help(for: command.spec.path).split(separator: "\n")
      where !line.hasPrefix("USAGE:") {
        #expect(line.count <= 100, "\(command.spec.path): \(line)")
      }
    }
  }

  @Test func helpCommandFlagAndShortFlagPrintTheSameText() {
    let harness = TestHarness()
    let a = harness.run("help finish").stdout
    #expect(a == harness.run("finish --help").stdout)
    #expect(a == harness.run("finish -h").stdout)
    #expect(a.hasPrefix("OVERVIEW: Finish transactions"))
  }
}
