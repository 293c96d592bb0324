import IAPFormats
import IAPHTTP

/// `Transaction.updates` read from the store's event stream (`GET /transactions/updates`):
/// first the unfinished transactions, as a listener gets them at launch, then every new or
/// changed transaction (another device's purchase, an approval, a renewal, a refund). A
/// dropped stream is opened again after `Last-Event-ID`, so nothing is missed or repeated;
/// a store that cannot be reached is tried again every second while the consumer lives.
/// What this store's `purchase` returned is left out until it changes (is revoked), as
/// StoreKit leaves out what the app's own purchase call returned.
enum TransactionUpdatesFeed {
  /// How long the feed waits before opening the stream again.
  static let retryMilliseconds = 1_000

  static func stream(_ store: StoreConnection) -> AsyncStream<VerificationResult<Transaction>> {
    FeedWorker.stream { worker, continuation in
      var lastEventId: String?
      var failing = false
      repeat {
        let path = "/transactions/updates" + (lastEventId.map { "?lastEventId=" + StoreConnection.escape($0) } ?? "")
        let stream: HTTPResponseStream
        do throws(StoreConnectionError) {
          stream = try store.openStream(path)
        } catch {
          if !failing { StoreDiagnostics.report("Transaction.updates: retrying", error, store: store) }
          failing = true
          continue
        }
        guard worker.hold(stream) else { return }
        failing = false
        var parser = ServerSentEventParser()
        while let bytes = try? stream.read() {
          for event in parser.feed(bytes) {
            deliver(event, store: store, to: continuation)
          }
          lastEventId = parser.lastEventId ?? lastEventId
        }
        worker.release()
        if !worker.isStopped {
          let error = StoreConnectionError(status: 0, name: "unreachable", message: "the update stream ended")
          StoreDiagnostics.report("Transaction.updates: reconnecting", error, store: store)
        }
      } while worker.pause(milliseconds: retryMilliseconds)
    }
  }

  /// Hands one event's transaction to the consumer, unless `purchase` returned it already.
  static func deliver(_ event: ServerSentEvent, store: StoreConnection, to continuation: AsyncStream<VerificationResult<Transaction>>.Continuation) {
    guard event.event == "transaction" else {
      if event.event == "error" {
        StoreDiagnostics.report("Transaction.updates", StoreConnectionError(status: 0, name: "streamError", message: event.data), store: store)
      }
      return
    }
    guard let item = try? JSONParser.parse(Array(event.data.utf8)), let jws = item.string("jwsRepresentation"),
      !Transaction.isStoreKit1Restore(item)
    else { return }
    let result: VerificationResult<Transaction>
    do { result = try Transaction.verify(jws, store: store) } catch {
      StoreDiagnostics.report("Transaction.updates", error, store: store)
      return
    }
    let transaction = result.unsafePayloadValue
    if transaction.revocationDate == nil && store.returnedByPurchase.returned(transaction.id) { return }
    continuation.yield(result)
  }
}
