import Foundation
import IAPFormats
import IAPTesting
import Testing

/// Absurd arguments (numbers past 64 bits, empty, 10 kB or control-character values, bytes
/// that are not UTF-8) get one error line and the documented status, never a trap. A failed
/// payment is a transaction, so the refusals with status 1 wait in the queue.
/// Quantities that do not fit or are out of 1-10 are also covered one by one in
/// BuyCommandTests.
@Suite struct AbsurdArgumentTests {
  let harness = TestHarness.game()
  static let long = String(repeating: "a", count: 10_240)

  /// Expects a clean failure with `status` and at most one error (the usage line and the hint
  /// to help may follow it).
  func expectOneLineError(_ arguments: [String], _ status: Int32, sourceLocation: SourceLocation = #_sourceLocation) -> RunResult {
    let result = harness.run(arguments)
    result.expectCleanFailure(status, arguments.joined(separator: " ").prefix(80).description, sourceLocation: sourceLocation)
    #expect(result.stderr.split(separator: "\n").count <= 3, "more than one error: \(result.stderr)", sourceLocation: sourceLocation)
    return result
  }

  @Test func usageErrorsAreOneLine() {
    let quantity = expectOneLineError(["buy", "com.example.fakegame.extra_lives", "--quantity", "99999999999999999999"], 64)
    #expect(quantity.stderr.contains("99999999999999999999 is outside the integer range"))
    _ = expectOneLineError(["buy", "com.example.fakegame.extra_lives", "--quantity=-99999999999999999999"], 64)
    _ = expectOneLineError(["buy", "com.example.fakegame.extra_lives", "--quantity", "1e3"], 64)
    _ = expectOneLineError(["products", "list", "--locale", Self.long], 64)
    let state = expectOneLineError(["--state", "", "queue"], 64)
    #expect(state.stderr.contains("invalid value for '--state <dir>': empty"))
    _ = expectOneLineError(["--catalog", "", "products", "list"], 64)
    _ = expectOneLineError([Self.long], 64)
    _ = expectOneLineError(["buy", "com.example.fakegame.extra_lives", "--" + Self.long], 64)
  }

  @Test func transactionArgumentsThatNameNothingAreOneLine() {
    _ = expectOneLineError(["finish", ""], 1)
    _ = expectOneLineError(["finish", "99999999999999999999999"], 1)
    _ = expectOneLineError(["finish", "--", "-1"], 1)
  }

  @Test func productIdsNobodySellsAreFailedPaymentsInTheQueue() {
    let quantity = harness.run(["buy", "com.example.fakegame.extra_lives", "--quantity", "9223372036854775807"])
    #expect(quantity.status == 1)
    #expect(quantity.stderr.contains("paymentInvalid (3): quantity 9223372036854775807 is outside 1-10"))
    let empty = harness.run(["buy", ""])
    #expect(empty.status == 1)
    #expect(empty.stderr == "error: purchase failed: storeProductNotAvailable (5): product '' is not in the catalog\n")
    let long = harness.run(["buy", Self.long])
    #expect(long.status == 1)
    #expect(long.stderr.split(separator: "\n").count == 1, "a 10 kB id gave more than one line")
    // The bytes FF FE 80 as an argument: the process's arguments are decoded with each
    // invalid byte replaced, as `CommandLine.arguments` does.
    let invalid = harness.run(["buy", String(decoding: [0xFF, 0xFE, 0x80] as [UInt8], as: UTF8.self)])
    #expect(invalid.status == 1)
    #expect(invalid.stderr.contains("storeProductNotAvailable"))
    let control = harness.run(["buy", "two\nlines\u{1B}[31m"])
    #expect(control.status == 1)
    #expect(control.stderr == "error: purchase failed: storeProductNotAvailable (5): product 'two\\nlines\\u{1B}[31m' is not in the catalog\n")
    let queue = harness.run("queue --json")
    #expect(queue.status == 0)
    #expect(queue.json.transactions.count == 5)
  }

  /// Numbers past what 64 bits hold (a price in thousandths, a quantity, a date in
  /// milliseconds) are refused as input, never trapped on. PriceBoundTests and ClockBoundsTests
  /// hold each bound; this is the whole round through the commands.
  @Test func pricesQuantitiesAndDatesPast64BitsAreRefusedNeverATrap() throws {
    var catalog = try #require(
      try PropertyListSerialization.propertyList(from: Data(TestHarness.gameCatalog.utf8), format: nil) as? [String: Any])
    var products = try #require(catalog["products"] as? [[String: Any]])
    products[0]["price"] = "9223372036854776"
    catalog["products"] = products
    harness.write("huge-price.plist", bytes: Array(try PropertyListSerialization.data(fromPropertyList: catalog, format: .xml, options: 0)))
    let lint = harness.run("--catalog huge-price.plist catalog lint")
    #expect(lint.status == 65)
    #expect(lint.stdout.contains("huge-price.plist: 1 error, 0 warnings"))
    #expect(lint.stderr.contains("price: expected a price of at most 9223372036854775.807"))
    harness.run("--catalog huge-price.plist buy com.example.fakegame.extra_lives").expectCleanFailure(65)
    let json = harness.run("--catalog huge-price.plist buy com.example.fakegame.extra_lives --json")
    #expect(json.status == 65)
    #expect(json.json["error"]?["exitCode"] == .int(65))
    let quantity = harness.run("buy com.example.fakegame.extra_lives --quantity 9223372036854775808")
    quantity.expectCleanFailure(64)
    #expect(quantity.stderr.contains("9223372036854775808 is outside the integer range"))
    #expect(harness.run("buy com.example.fakegame.pro.monthly").status == 0)
    for _ in 0..<3 { harness.run("clock advance 1000000y").expectCleanFailure(64) }
    harness.run("clock set 9999-12-31T23:59:59-01:00").expectCleanFailure(64)
    let queue = harness.run("queue --json")
    #expect(queue.status == 0)
    #expect(queue.json.transactions.count == 1)
  }

  /// A clock jump that would make more renewals than a command's budget is refused at once;
  /// the clock stays where it was and smaller jumps work. ClockBoundsTests checks that the
  /// refusal writes nothing.
  @Test func aClockJumpThatWouldMakeTooManyRenewalsIsRefusedAtOnce() {
    #expect(harness.run("clock set 2026-01-01T00:00:00Z").status == 0)
    #expect(harness.run("buy com.example.fakegame.pro.monthly --finish").status == 0)
    // The budget is 250,000 events (a monthly subscription cannot reach it before the year
    // 9999): lowered here to what it was when this was written.
    harness.variables["IAP_EVENT_BUDGET"] = "10000"
    let jump = harness.run("clock advance 2000y")
    jump.expectCleanFailure(64)
    #expect(jump.stderr.contains("more than 10000 subscription renewals"))
    harness.variables = [:]
    #expect(harness.run("clock").stdout.contains("2026-01-01T00:00:00Z"))
    #expect(harness.run("clock advance 10y").status == 0)
    #expect(harness.run("queue --json").json.transactions.count == 120)
  }
}
