import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct SuggestionTests {
  @Test func suggestsTheClosestCandidate() {
    #expect(Suggestion.closest(to: "biy", in: ["buy", "queue", "finish"]) == "buy")
    #expect(Suggestion.closest(to: "--quantiy", in: ["--quantity", "--username"]) == "--quantity")
    #expect(Suggestion.closest(to: "hist", in: ["history", "help"]) == "history")
  }

  @Test func suggestsNothingForUnrelatedInput() {
    #expect(Suggestion.closest(to: "zzzzzz", in: ["buy", "queue"]) == nil)
    #expect(Suggestion.hint(for: "xyz", in: []) == "")
  }

  @Test func editDistanceIsLevenshtein() {
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("", "abc") == 3)
    #expect(Suggestion.editDistance("same", "same") == 0)
  }
}
