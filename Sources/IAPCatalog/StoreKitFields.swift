#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats

/// The members of one JSON object in a `.storekit` file, read with every problem reported at
/// its place (`subscriptionGroups[0].subscriptions[1] (com.x.y): key: …`).
///
/// `null` counts as absent, as Xcode writes `"introductoryOffer" : null` for "none".
package struct StoreKitFields {
  private(set) var members: [(String, JSONValue)]
  /// Where the object is, e.g. `products[2]`; nil for the root.
  let item: String?
  /// The product identifier, once known, for messages.
  var id: String?
  /// Put before keys in messages, for an object nested in a product (`localizations[0].`).
  var prefix = ""

  /// The fields of `value`, or nil (with an error) when it is not an object.
  init?(_ value: JSONValue, item: String?, expecting what: String, _ problems: inout CatalogProblems) {
    guard case let .object(members) = value else {
      problems.error("expected \(what), got \(value.summary)", at: item)
      return nil
    }
    self.members = members
    self.item = item
  }

  /// The object at `key` inside this one, reported at the same place with `key.` before its
  /// keys; nil (with an error) when it is not an object.
  func nested(_ value: JSONValue, key: String, expecting what: String, _ problems: inout CatalogProblems) -> StoreKitFields? {
    guard case let .object(members) = value else {
      expected(what, got: value, key: key, &problems)
      return nil
    }
    var fields = self
    fields.members = members
    fields.prefix = prefix + key + "."
    return fields
  }

  /// The value of `key`, nil when absent or null.
  subscript(key: String) -> JSONValue? {
    guard let value = members.first(where: { $0.0 == key })?.1, value != .null else { return nil }
    return value
  }

  /// Whether `key` is present, even as null.
  func has(_ key: String) -> Bool { members.contains { $0.0 == key } }

  func error(_ message: String, key: String?, _ problems: inout CatalogProblems) {
    problems.error(message, at: item, id: id, key: qualified(key))
  }

  func warning(_ message: String, key: String?, _ problems: inout CatalogProblems) {
    problems.warning(message, at: item, id: id, key: qualified(key))
  }

  /// `key` with the prefix; the prefix alone (without its dot) when `key` is nil.
  private func qualified(_ key: String?) -> String? {
    if let key { return prefix + key }
    return prefix.isEmpty ? nil : String(prefix.dropLast())
  }

  func expected(_ what: String, got value: JSONValue, key: String, _ problems: inout CatalogProblems) {
    error("expected \(what), got \(value.summary)", key: key, &problems)
  }

  func missing(_ what: String, key: String, _ problems: inout CatalogProblems) {
    error("missing (expected \(what))", key: key, &problems)
  }

  /// Warns about every key not in `known`, in file order.
  func warnUnknown(_ known: Set<String>, _ problems: inout CatalogProblems) {
    for (key, _) in members where !known.contains(key) {
      warning("unknown key (ignored)", key: key, &problems)
    }
  }

  /// A string; `required` reports its absence, `nonEmpty` rejects "".
  func string(_ key: String, required: Bool = false, nonEmpty: Bool = true, _ problems: inout CatalogProblems) -> String? {
    guard let value = self[key] else {
      if required { missing(nonEmpty ? "a non-empty string" : "a string", key: key, &problems) }
      return nil
    }
    guard case let .string(s) = value, !(nonEmpty && s.isEmpty) else {
      expected(nonEmpty ? "a non-empty string" : "a string", got: value, key: key, &problems)
      return nil
    }
    return s
  }

  func bool(_ key: String, _ problems: inout CatalogProblems) -> Bool? {
    guard let value = self[key] else { return nil }
    guard case let .bool(b) = value else {
      expected("a boolean", got: value, key: key, &problems)
      return nil
    }
    return b
  }

  /// An integer ≥ `minimum`.
  func integer(_ key: String, minimum: Int, _ problems: inout CatalogProblems) -> Int? {
    guard let value = self[key] else { return nil }
    guard case let .int(n) = value, n >= minimum, n <= Int64(Int32.max) else {
      expected("an integer ≥ \(minimum)", got: value, key: key, &problems)
      return nil
    }
    return Int(n)
  }

  /// An array, or nil when absent; an error when it is something else.
  func array(_ key: String, _ problems: inout CatalogProblems) -> [JSONValue]? {
    guard let value = self[key] else { return nil }
    guard case let .array(items) = value else {
      expected("an array", got: value, key: key, &problems)
      return nil
    }
    return items
  }

  /// A price from `displayPrice`-style values: a decimal string (`"0.99"`) or a number ≥ 0.
  func price(_ key: String, required: Bool, _ problems: inout CatalogProblems) -> Decimal? {
    guard let value = self[key] else {
      if required { missing("a decimal number ≥ 0", key: key, &problems) }
      return nil
    }
    guard let leaf = value.plistLeaf, let price = ProductValidator.parsePrice(leaf) else {
      expected(ProductValidator.priceExpectation(value.plistLeaf), got: value, key: key, &problems)
      return nil
    }
    return price
  }
}
