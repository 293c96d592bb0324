import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct ArgumentParserTests {
  /// Parses and returns the command path, invocation and globals, failing on anything else.
  func parseRun(_ arguments: [String]) throws -> (path: [String], invocation: Invocation, globals: GlobalOptions) {
    guard case let .run(command, invocation, globals) = try ArgumentParser.parse(arguments) else {
      Issue.record("expected a command to run")
      throw IAPError.invalidRequest("")
    }
    return (command.spec.path, invocation, globals)
  }

  func usageMessage(_ arguments: [String]) -> String? {
    do {
      _ = try ArgumentParser.parse(arguments)
      return nil
    } catch {
      guard case let .usage(message, _) = error else { return nil }
      return message
    }
  }

  @Test func globalOptionsWorkBeforeAndAfterTheCommand() throws {
    let before = try parseRun(["--json", "--state", "/s", "buy", "sword"])
    let after = try parseRun(["buy", "sword", "--json", "--state=/s"])
    for parsed in [before, after] {
      #expect(parsed.path == ["buy"])
      #expect(parsed.invocation.positionals == ["sword"])
      #expect(parsed.globals.json)
      #expect(parsed.globals.state == "/s")
    }
  }

  @Test func commandOptionsTakeSeparateOrInlineValues() throws {
    let a = try parseRun(["buy", "gems", "--quantity", "3", "--username=alice", "--finish"])
    #expect(a.invocation.value("quantity") == "3")
    #expect(a.invocation.value("username") == "alice")
    #expect(a.invocation.flag("finish"))
    let b = try parseRun(["buy", "--quantity=-1", "gems"])
    #expect(b.invocation.value("quantity") == "-1")
    #expect(b.invocation.positionals == ["gems"])
  }

  @Test func nestedCommandsAndTerminator() throws {
    let parsed = try parseRun(["products", "fetch", "a", "--", "--not-an-option"])
    #expect(parsed.path == ["products", "fetch"])
    #expect(parsed.invocation.positionals == ["a", "--not-an-option"])
  }

  @Test func helpAndVersionAtEveryLevel() throws {
    guard case .help([]) = try ArgumentParser.parse([]) else { Issue.record("bare iap shows help"); return }
    guard case .help(["products"]) = try ArgumentParser.parse(["products"]) else { Issue.record("group shows help"); return }
    guard case .help(["buy"]) = try ArgumentParser.parse(["buy", "-h"]) else { Issue.record("-h"); return }
    guard case .help(["products", "list"]) = try ArgumentParser.parse(["products", "list", "--help"]) else {
      Issue.record("--help")
      return
    }
    guard case .version = try ArgumentParser.parse(["--version"]) else { Issue.record("--version"); return }
  }

  @Test func usageErrorsNameTheProblemAndSuggest() {
    #expect(usageMessage(["biy"]) == "unknown command 'biy' (did you mean 'buy'?)")
    #expect(usageMessage(["products", "lst"]) == "unknown command 'lst' for 'iap products' (did you mean 'list'?)")
    #expect(usageMessage(["buy", "x", "--quantiy", "2"]) == "unknown option '--quantiy' (did you mean '--quantity'?)")
    #expect(usageMessage(["buy", "x", "--quantity"]) == "missing value for '--quantity <n>'")
    #expect(usageMessage(["buy", "x", "--json=yes"]) == "'--json' does not take a value")
    #expect(usageMessage(["buy"]) == "missing expected argument '<id>'")
    #expect(usageMessage(["buy", "a", "b"]) == "unexpected argument 'b'")
    #expect(usageMessage(["queue", "-x"]) == "unknown option '-x'")
    #expect(usageMessage(["--jsn", "queue"]) == "unknown option '--jsn' (did you mean '--json'?)")
  }

  /// A short option is its long option: it takes the next argument as its value.
  @Test func shortOptionsTakeAValue() throws {
    let after = try parseRun(["catalog", "convert", "Shop.storekit", "-o", "out.plist"])
    #expect(after.path == ["catalog", "convert"])
    #expect(after.invocation.value("output") == "out.plist")
    #expect(after.invocation.positionals == ["Shop.storekit"])
    let before = try parseRun(["catalog", "convert", "-o", "-weird.plist", "Shop.storekit", "--json"])
    #expect(before.invocation.value("output") == "-weird.plist")
    #expect(before.invocation.positionals == ["Shop.storekit"])
    #expect(before.globals.json)
    #expect(try parseRun(["catalog", "convert", "a", "--output=b"]).invocation.value("output") == "b")
    #expect(usageMessage(["catalog", "convert", "a", "-o"]) == "missing value for '-o, --output <path>'")
    #expect(usageMessage(["catalog", "lint", "a", "-o", "b"]) == "unknown option '-o'")
  }

  @Test func commandOptionsAreNotAcceptedBeforeTheCommand() {
    #expect(usageMessage(["--quantity", "2", "buy", "x"])?.hasPrefix("unknown option '--quantity'") == true)
  }
}
