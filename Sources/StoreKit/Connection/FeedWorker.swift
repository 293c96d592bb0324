import Foundation
import IAPHTTP
import IAPSystem

/// A thread of its own that feeds an `AsyncStream` from the store (an event stream read as
/// it arrives, or a route asked again and again) until the stream's consumer goes: the task
/// iterating it is cancelled or drops its iterator. Blocking reads and pauses happen here,
/// never on Swift's cooperative pool.
package final class FeedWorker: @unchecked Sendable {
  // What the feed's thread and the stream's termination share, guarded by `condition`.
  private let condition = NSCondition()
  private var stopped = false
  private var open: HTTPResponseStream?

  /// A worker, running until `stop()`.
  package init() {}

  /// An `AsyncStream` fed by `body` on a thread of its own; the stream finishes when `body`
  /// returns, and `body`'s worker stops when the consumer goes.
  package static func stream<Element: Sendable>(
    _ body: @escaping @Sendable (FeedWorker, AsyncStream<Element>.Continuation) -> Void
  ) -> AsyncStream<Element> {
    AsyncStream { continuation in
      let worker = FeedWorker()
      continuation.onTermination = { _ in worker.stop() }
      DetachedThread.start {
        body(worker, continuation)
        continuation.finish()
      }
    }
  }

  /// Whether the consumer went: the feed should return.
  package var isStopped: Bool { condition.withLock { stopped } }

  /// Stops the feed: a pause ends at once, and the event stream being read is closed, so
  /// that its blocked read returns.
  package func stop() {
    let stream = condition.withLock { () -> HTTPResponseStream? in
      stopped = true
      condition.broadcast()
      defer { open = nil }
      return open
    }
    stream?.close()
  }

  /// Waits `milliseconds`, or less if the feed stops; whether it is still running.
  package func pause(milliseconds: Int) -> Bool {
    let until = Date(timeIntervalSinceNow: Double(milliseconds) / 1000)
    return condition.withLock {
      while !stopped && condition.wait(until: until) {}
      return !stopped
    }
  }

  /// Makes `stream` the one `stop()` closes; false (and the stream closed) when the feed has
  /// stopped already.
  package func hold(_ stream: HTTPResponseStream) -> Bool {
    let keep = condition.withLock { () -> Bool in
      if !stopped { open = stream }
      return !stopped
    }
    if !keep { stream.close() }
    return keep
  }

  /// The held stream ended: closes it.
  package func release() {
    let stream = condition.withLock { () -> HTTPResponseStream? in
      defer { open = nil }
      return open
    }
    stream?.close()
  }
}
