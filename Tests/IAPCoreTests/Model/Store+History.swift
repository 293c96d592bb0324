@testable import IAPCore

extension Store {
  /// The latest version of every transaction this value recorded, by id: the history a
  /// model test hands to `restore(from:now:)` (a command reads it from the log).
  var history: [Transaction] {
    var latest: [UInt64: Transaction] = [:]
    for change in changes { if case let .transaction(t) = change { latest[t.id] = t } }
    return latest.values.sorted { $0.id < $1.id }
  }
}
