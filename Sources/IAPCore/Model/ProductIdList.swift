/// A setting's list of product identifiers (`removed-from-sale`): the ids separated by
/// commas, sorted and without repeats, or `off` for none.
package enum ProductIdList {
  /// `text` as it is stored: `off`, or the ids sorted; nil when it is not a list of ids (an
  /// empty id, or one with spaces inside).
  package static func normalize(_ text: String) -> String? {
    let lowered = text.lowercased()
    if lowered == "off" || lowered == "none" { return "off" }
    guard text.utf8.count <= 8192 else { return nil }
    let ids = text.split(separator: ",", omittingEmptySubsequences: false).map { part in
      String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
    guard ids.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) }) else { return nil }
    return Set(ids).sorted().joined(separator: ",")
  }

  /// The ids of a stored list.
  package static func ids(_ stored: String) -> Set<String> {
    stored == "off" ? [] : Set(stored.split(separator: ",").map(String.init))
  }

  /// The stored text of `ids`.
  package static func text(_ ids: Set<String>) -> String { ids.isEmpty ? "off" : ids.sorted().joined(separator: ",") }
}
