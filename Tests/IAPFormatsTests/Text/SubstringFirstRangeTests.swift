import Foundation
import Testing
@testable import IAPFormats

@Suite struct SubstringFirstRangeTests {
  @Test func findsTheFirstOccurrence() {
    let text = Substring("xx-----BEGIN CERT-----yy-----")
    let range = text.firstRange(ofText: "-----")
    #expect(range.map { text[$0] } == "-----")
    #expect(range?.lowerBound == text.index(text.startIndex, offsetBy: 2))
    #expect(text.firstRange(ofText: "END") == nil)
    #expect(text.firstRange(ofText: "") == nil)
    #expect(Substring("ab").firstRange(ofText: "abc") == nil)
  }

  /// The same ranges as Foundation's `range(of:)` on ASCII text, where bytes and characters agree.
  @Test func agreesWithFoundation() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("ab-")
    for _ in 0..<3_000 {
      let haystack = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
      let needle = String((0..<Int.random(in: 1...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
      let ours = Substring(haystack).firstRange(ofText: needle)
      let theirs = haystack.range(of: needle)
      #expect(ours?.lowerBound == theirs?.lowerBound && ours?.upperBound == theirs?.upperBound, "\(needle) in \(haystack)")
    }
  }
}
