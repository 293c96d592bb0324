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
  /// A workspace handed to the delivery thread: the request that made it is over, so this
  /// thread is its only user from then on.
  private final class Handoff: @unchecked Sendable {
    let workspace: Workspace
    init(_ workspace: Workspace) { self.workspace = workspace }
  }

  /// Posts what `workspace`'s use case notified, on a thread of its own, after waiting its
  /// turn for the delivery lock (a round under way may have started before these existed).
  package static func start(_ workspace: Workspace) {
    guard let url = workspace.deliveryURL else { return }
    let handoff = Handoff(workspace)
    DetachedThread.start { _ = try? handoff.workspace.deliver(to: url, waitForOtherRound: true) }
  }
}
