import Foundation
import Testing

@testable import IAPCatalog

@Suite struct NumericOrderTests {
  @Test func numbersCompareByValueAndTextLiterally() {
    let sorted = ["Item 10", "Item 2", "Item 0", "Item 1", "Item 02x", "Item", "item 1", "a9b10", "a9b9", "a10b1", ""]
      .sorted(by: NumericOrder.precedes)
    #expect(sorted == ["", "Item", "Item 0", "Item 1", "Item 2", "Item 02x", "Item 10", "a9b9", "a9b10", "a10b1", "item 1"])
  }

  @Test func equalValuesAreOrderedLiterallySoTheOrderIsStable() {
    #expect(NumericOrder.precedes("01", "1"))
    #expect(!NumericOrder.precedes("1", "01"))
    #expect(!NumericOrder.precedes("1", "1"))
  }

  /// Agrees with `NSString.compare(_:options: .numeric)` wherever that one tells two
  /// strings apart (it calls `01` and `1` the same, where this orders them literally).
  @Test func agreesWithFoundationsNumericComparison() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("ab1029 .")
    for _ in 0..<3_000 {
      let a = String((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
      let b = String((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
      let reference = a.compare(b, options: .numeric)
      guard reference != .orderedSame else { continue }
      #expect(NumericOrder.precedes(a, b) == (reference == .orderedAscending), "\(a) vs \(b)")
    }
  }
}
