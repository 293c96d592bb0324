import Foundation

/// How long a subscription period, or an offer's period, lasts: a number of days, weeks,
/// months or years.
open class SKProductSubscriptionPeriod: NSObject, @unchecked Sendable {
  private let count: Int
  private let periodUnit: SKProduct.PeriodUnit

  /// A period of no length: for a subclass that supplies its own.
  public override init() {
    (count, periodUnit) = (0, .day)
    super.init()
  }

  init(numberOfUnits: Int, unit: SKProduct.PeriodUnit) {
    (count, periodUnit) = (numberOfUnits, unit)
    super.init()
  }

  /// The period of an ISO 8601 duration of one unit (`P1M`, `P2W`, `P3D`, `P1Y`), as the
  /// store writes periods; nil for anything else.
  convenience init?(iso8601 text: String) {
    guard text.hasPrefix("P"), let letter = text.last, let count = Int(text.dropFirst().dropLast()), count > 0 else { return nil }
    let units: [Character: SKProduct.PeriodUnit] = ["D": .day, "W": .week, "M": .month, "Y": .year]
    guard let unit = units[letter] else { return nil }
    self.init(numberOfUnits: count, unit: unit)
  }

  /// How many units.
  open var numberOfUnits: Int { count }
  /// The unit.
  open var unit: SKProduct.PeriodUnit { periodUnit }

  /// Whether `object` is a period of the same length.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? SKProductSubscriptionPeriod else { return false }
    return other.numberOfUnits == numberOfUnits && other.unit == unit
  }

  /// A hash of the length, as `isEqual(_:)` compares it.
  open override var hash: Int { numberOfUnits &* 4 &+ Int(unit.rawValue) }
}
