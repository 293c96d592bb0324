#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPSystem

/// The server's delivery step: Apple answers an API request first and sends the
/// notifications it caused afterwards, so a developer's server that handles one request at
/// a time is not asked to take a notification while it waits for the answer.
package enum BackgroundDelivery {
  /// Posts what `workspace`'s use case notified, on a thread of its own, after waiting its
  /// turn for the delivery lock (a round under way may have started before these existed).
  package static func start(_ workspace: Workspace) {
    guard let url = workspace.deliveryURL else { return }
    // The request that made the workspace is over (this is its callers' last use of it), so
    // the delivery thread is its only user from then on. A `Workspace` is not Sendable: the
    // thread reaches it through a lock, uncontended and so almost free, rather than through
    // an unchecked class of its own.
    let handoff = Locked(workspace)
    DetachedThread.start { handoff.withLock { _ = try? $0.deliver(to: url, waitForOtherRound: true) } }
  }
}
