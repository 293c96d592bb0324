import Foundation
import IAPFormats
import IAPHTTP
import IAPSystem

/// The queue's ear on the store: while it has observers, a thread of its own reads the
/// store's update stream, and each change the stream announces makes the queue sync.
extension SKPaymentQueue {
  /// The first observer came: the unfinished transactions are delivered as at a launch, and
  /// the queue listens for what changes next.
  func startObserving() {
    work.async { [self] in
      lastStorefront = nil
      sync(launch: true)
      checkStorefront()
    }
    guard case let .success(connection) = connection else { return }
    let generation = lock.withLock {
      listening += 1
      return listening
    }
    DetachedThread.start { [self] in listen(connection, generation) }
  }

  /// The last observer left: the listener stops.
  func stopListening() {
    let open = lock.withLock {
      listening += 1
      defer { stream = nil }
      return stream
    }
    open?.close()
  }

  /// Whether the listener of `generation` is still wanted: no later start or stop, and an
  /// observer alive (an observer that went away without being removed ends it too).
  private func isListening(_ generation: Int) -> Bool {
    lock.withLock { listening == generation && observers.contains { $0.observer != nil } }
  }

  /// Reads the update stream until the queue stops listening, opening it again (after a
  /// second) when the store closes it or cannot be reached. Every read, the stream's
  /// two-second keep-alive included, also checks the storefront.
  private func listen(_ connection: StoreConnection, _ generation: Int) {
    while isListening(generation) {
      guard let opened = try? connection.openStream("/transactions/updates") else {
        usleep(1_000_000)
        continue
      }
      let current = lock.withLock {
        guard listening == generation else { return false }
        stream = opened
        return true
      }
      guard current else {
        opened.close()
        return
      }
      var parser = ServerSentEventParser()
      while isListening(generation), let bytes = try? opened.read() {
        let versions = parser.feed(bytes).filter { $0.event == "transaction" }.compactMap { event in
          (try? JSONParser.parse(Array(event.data.utf8))).flatMap(StoreTransactionVersion.init)
        }
        scheduleSync(after: versions)
      }
      opened.close()
    }
  }

  /// Notes what the stream said and syncs, once for however many reads came in meanwhile.
  private func scheduleSync(after versions: [StoreTransactionVersion]) {
    let first = lock.withLock {
      defer { syncScheduled = true }
      return !syncScheduled
    }
    work.async { [self] in
      noteUpdates(versions)
      guard first else { return }
      lock.withLock { syncScheduled = false }
      sync(launch: false)
      checkStorefront()
    }
  }
}
