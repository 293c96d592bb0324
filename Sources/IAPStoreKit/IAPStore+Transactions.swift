import IAPFormats
import IAPHTTP
import IAPSystem

extension IAPStore {
  /// `Transaction.unfinished`: this device's purchased and restored transactions not finished yet.
  public var unfinished: [VerificationResult<Transaction>] {
    get async throws(IAPStoreError) { try signed(try Self.request("GET", base + "/transactions/unfinished")) }
  }

  /// `Transaction.currentEntitlements`: what the customer is entitled to now.
  public var currentEntitlements: [VerificationResult<Transaction>] {
    get async throws(IAPStoreError) { try signed(try Self.request("GET", base + "/entitlements")) }
  }

  /// `Transaction.all`: every purchased or restored transaction of the account, oldest first.
  public var all: [VerificationResult<Transaction>] {
    get async throws(IAPStoreError) { try signed(try Self.request("GET", base + "/transactions")) }
  }

  /// `Transaction.latest(for:)`: the newest transaction of a product, or nil.
  public func latest(for productID: String) async throws(IAPStoreError) -> VerificationResult<Transaction>? {
    try signed(try Self.request("GET", base + "/transactions?productId=" + Self.escape(productID))).last
  }

  /// `Transaction.updates`: first the unfinished transactions, as StoreKit hands them to a
  /// new listener at launch, then each new or changed one as the store makes it (a purchase
  /// from another client, an approval, a renewal, a refund), from the control plane's event
  /// stream, until the task iterating it ends. What this handle's `purchase` returned is not
  /// handed over again unless it changes (is revoked), as in StoreKit.
  public var updates: AsyncStream<VerificationResult<Transaction>> {
    AsyncStream { continuation in
      let url = base + "/transactions/updates"
      // The stream itself starts with the unfinished transactions, as a new listener's does.
      let stream: HTTPResponseStream
      do { stream = try HTTPClient.open("GET", url, timeout: 30) } catch {
        continuation.finish()
        return
      }
      continuation.onTermination = { _ in stream.close() }
      let verifier = verifier
      let returned = returnedByPurchase
      DetachedThread.start {
        var parser = ServerSentEventParser()
        while let bytes = try? stream.read() {
          for event in parser.feed(bytes) where event.event == "transaction" {
            guard let jws = (try? JSONParser.parse(Array(event.data.utf8)))?["jwsRepresentation"]?.stringValue,
              let update = try? verifier.transaction(jws)
            else { continue }
            let transaction = update.unsafePayloadValue
            if transaction.revocationDate == nil && returned.returned(transaction.id) { continue }
            continuation.yield(update)
          }
        }
        continuation.finish()
      }
    }
  }

  /// The signed transactions of a `{"transactions": […]}` answer, each verified.
  func signed(_ answer: JSONValue) throws(IAPStoreError) -> [VerificationResult<Transaction>] {
    var results: [VerificationResult<Transaction>] = []
    for item in answer["transactions"]?.arrayValue ?? [] {
      guard let jws = item["jwsRepresentation"]?.stringValue else { continue }
      results.append(try verifier.transaction(jws))
    }
    return results
  }
}
