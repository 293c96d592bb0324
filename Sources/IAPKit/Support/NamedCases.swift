/// An enum of StoreKit's that users name by Swift case name or by its number: `SKError.Code`,
/// `SKTestSession.TimeRate`.
public protocol NamedCases: CaseIterable, RawRepresentable where RawValue == Int {}

extension NamedCases {
  /// The case name as Swift spells it, e.g. `storeProductNotAvailable`.
  public var name: String { String(describing: self) }

  /// Looks a case up by name (any letter case) or by number.
  public init?(nameOrNumber text: String) {
    if let number = Int(text), let value = Self(rawValue: number) {
      self = value
      return
    }
    guard let value = Self.allCases.first(where: { $0.name.lowercased() == text.lowercased() }) else { return nil }
    self = value
  }
}
