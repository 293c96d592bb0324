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

  /// `iap bye` gets a did-you-mean as `iap by` does.
  @Test func suggestsAThreeLetterWordTwoEditsAway() {
    #expect(Suggestion.closest(to: "bye", in: ["buy", "queue", "finish", "clock"]) == "buy")
    #expect(Suggestion.closest(to: "xyz", in: ["buy", "queue", "finish", "clock"]) == nil)
  }

  /// `iap buy rocket_car` names `com.example.fakegame.rocket_car`.
  @Test func suggestsTheProductIdWhoseDottedSuffixIsTheInput() {
    let ids = ["com.example.fakegame.rocket_car", "com.example.fakegame.coins", "com.example.other.coins"]
    #expect(Suggestion.closest(to: "rocket_car", in: ids) == "com.example.fakegame.rocket_car")
    #expect(Suggestion.closest(to: "fakegame.rocket_car", in: ids) == "com.example.fakegame.rocket_car")
    #expect(Suggestion.closest(to: "coins", in: ids) == nil)  // two ids end so: no guess
    #expect(Suggestion.closest(to: "car", in: ids) == nil)  // not at a dot
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
