/// An enum of StoreKit's that users name by Swift case name or by its number: `SKError.Code`,
/// `SKTestSession.TimeRate`.
///
/// Each enum spells its names out in `name` rather than asking `String(describing:)`: that
/// goes through the runtime's reflection and protocol-conformance scan (docs/performance.md, "Shapes kept for start-up").
package protocol NamedCases: CaseIterable, RawRepresentable where RawValue == Int {
  /// The case name as Swift spells it, e.g. `storeProductNotAvailable`.
  var name: String { get }
}

package extension NamedCases {
  /// Looks a case up by name (any letter case) or by number.
  init?(nameOrNumber text: String) {
    if let number = Int(text), let value = Self(rawValue: number) {
      self = value
      return
    }
    self.init(name: text)
  }

  /// Looks a case up by name, in any letter case.
  init?(name: String) {
    let wanted = name.lowercased()
    guard let value = Self.allCases.first(where: { $0.name.lowercased() == wanted }) else { return nil }
    self = value
  }
}
