import IAPFormats

/// The store's time: the machine's clock, or a simulated instant that moves only when told.
package enum StoreClock: Equatable, Sendable {
  case real
  case simulated(Timestamp)

  /// The current time, given the machine's.
  package func now(real machine: Timestamp) -> Timestamp {
    switch self {
    case .real: return machine
    case let .simulated(instant): return instant
    }
  }

  /// Whether the clock follows the machine's (time rates only compress real time).
  package var isReal: Bool { self == .real }
}
