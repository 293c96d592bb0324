import Foundation
import IAPSystem

/// Where StoreKit reports a failure its API has no way to return: Apple's `Transaction`
/// sequences, `finish()`, `isEligibleForIntroOffer` and `AppStore.canMakePayments` neither
/// throw nor end with an error, yet a store that cannot be reached must not pass unseen.
/// Each report is one line on standard error (`StoreKit: …`), as Apple's StoreKit logs to
/// the console, and is kept (the latest ones) for the process's own checks.
package enum StoreDiagnostics {
  /// One failure: the store it concerns (`StoreConnection.base`), what failed, and why.
  package struct Report: Sendable, Equatable {
    /// The store it concerns (`StoreConnection.base`).
    package var store: String
    /// What failed (the StoreKit call).
    package var context: String
    /// Why (the store's error).
    package var error: String
  }

  /// How many reports are kept: a listener retrying for hours must not grow without bound.
  static let kept = 256

  private static let reports = Locked<[Report]>([])

  /// Reports that `context` failed against `store` with `error`.
  package static func report(_ context: String, _ error: StoreConnectionError, store: StoreConnection) {
    let report = Report(store: store.base, context: context, error: error.description)
    reports.withLock {
      $0.append(report)
      if $0.count > kept { $0.removeFirst($0.count - kept) }
    }
    FileHandle.standardError.write(Data("StoreKit: \(context) (\(store.base)): \(error)\n".utf8))
  }

  /// The kept reports about `store`, oldest first.
  package static func reports(about store: StoreConnection) -> [Report] {
    reports.withLock { all in all.filter { $0.store == store.base } }
  }
}
