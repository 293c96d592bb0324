import IAPOperations
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit
@testable import IAPFormats

/// A long list of transactions is printed as it is formatted (bounded memory), and must read
/// exactly as the whole-list formatting that shorter lists keep.
@Suite struct TransactionArgumentTests {
  /// Transactions of several shapes (notes, refunds, quantities, a wide id), `count` of them.
  func transactions(_ count: Int) -> [Transaction] {
    (1...count).map { n in
      var t = Transaction(
        id: UInt64(n) * (n == count ? 1_000_003 : 1), originalId: UInt64(max(1, n - 1)), productId: n % 3 == 0 ? "gems" : "com.example.pro.monthly",
        productType: n % 3 == 0 ? .consumable : .autoRenewable, state: n % 7 == 0 ? .restored : .purchased,
        quantity: n % 5 == 0 ? 3 : 1, purchaseDate: Timestamp(milliseconds: Int64(n) * 86_400_000),
        originalPurchaseDate: Timestamp(milliseconds: 0), account: "default", device: "default")
      if n % 3 != 0 { t.expirationDate = Timestamp(milliseconds: Int64(n + 30) * 86_400_000) }
      if n % 11 == 0 { t.revocationDate = Timestamp(milliseconds: Int64(n + 1) * 86_400_000) }
      if n % 13 == 0 { t.applicationUsername = "user \"\(n)\"" }
      return t
    }
  }

  /// What `print` writes to stdout for `result`.
  func printed(_ result: TransactionsResult, json: Bool, extra: [(String, JSONValue)] = []) throws -> String {
    var out = ""
    let console = Console(out: { out += $0 }, err: { _ in })
    var globals = GlobalOptions()
    globals.json = json
    let context = CommandContext(
      console: console, environment: Environment(variables: [:], currentDirectory: "/", now: { Timestamp(milliseconds: 0) }, standardInput: { [] }),
      globals: globals)
    try TransactionArgument.print(result, context, extra: extra)
    console.flush()
    return out
  }

  @Test(arguments: [TransactionArgument.streamingThreshold - 1, TransactionArgument.streamingThreshold + 250])
  func aListPrintsTheSameTextWhateverItsLength(_ count: Int) throws {
    let result = TransactionsResult(transactions: transactions(count), signer: nil)
    let lines = TransactionView.lines(result.transactions).map { $0 + "\n" }.joined()
    #expect(try printed(result, json: false) == lines)
    #expect(lines.hasPrefix("#1  ") && lines.contains("refunded") && lines.contains("×3"))
    var whole = ""
    let wholeConsole = Console(out: { whole += $0 }, err: { _ in })
    wholeConsole.json(TransactionJSON.document(result.transactions, signer: nil, extra: [("restored", .int(7))]))
    wholeConsole.flush()
    #expect(try printed(result, json: true, extra: [("restored", .int(7))]) == whole)
    var plain = ""
    let plainConsole = Console(out: { plain += $0 }, err: { _ in })
    plainConsole.json(TransactionJSON.document(result.transactions, signer: nil))
    plainConsole.flush()
    #expect(try printed(result, json: true) == plain)
  }
}
