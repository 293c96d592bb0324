import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit
@testable import IAPFormats

/// `history` prints from the rows it kept while measuring, when they fit: the
/// same lines as a second pass would print.
@Suite struct KeptRowsTests {
  @Test func printsTheLinesTextTableAligns() {
    var rng = SplitMix(state: 5)
    for _ in 0..<1000 {
      let rows = TextTableTests.randomRows(&rng, rows: 0...5)
      var kept = KeptRows()
      var widths: [Int] = []
      for row in rows {
        kept.append(row)
        TextTable.measure(row, into: &widths)
      }
      var text = ""
      kept.printLines(widths: widths) { text += $0 }
      #expect(kept.isComplete)
      #expect(text == TextTableTests.reference(rows).map { $0 + "\n" }.joined(), "\(rows)")
    }
  }

  /// Over the budget nothing is kept, and `history` reads the transactions a second time;
  /// both ways print the same text.
  @Test func overTheBudgetTheSecondPassPrintsTheSame() throws {
    let date = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
    let transactions = (1...300).map { n in
      Transaction(
        id: UInt64(n), originalId: UInt64(max(1, n - 20)), productId: n % 7 == 0 ? "é.\(n)" : "com.example.p\(n % 13)",
        productType: .autoRenewable, state: n % 11 == 0 ? .failed : .purchased, quantity: n % 5 + 1,
        purchaseDate: date, originalPurchaseDate: date, expirationDate: n % 2 == 0 ? date : nil,
        error: n % 11 == 0 ? StoreError(.paymentCancelled, "no ") : nil, account: "a", device: "d", finished: n % 3 == 0)
    }
    func print(budget: Int) throws -> (text: String, passes: Int) {
      var text = ""
      let console = Console(out: { text += $0 }, err: { _ in })
      var passes = 0
      try TransactionView.printLines(
        { (body: (Transaction) throws(IAPError) -> Void) throws(IAPError) in
          passes += 1
          for t in transactions { try body(t) }
        }, to: console, budget: budget)
      console.flush()
      return (text, passes)
    }
    let kept = try print(budget: KeptRows.defaultBudget)
    let read = try print(budget: 2000)
    #expect(kept.passes == 1 && read.passes == 2)
    #expect(kept.text == read.text)
    #expect(kept.text == TransactionView.lines(transactions, showFinished: true).map { $0 + "\n" }.joined())
  }
}
