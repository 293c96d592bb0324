import IAPCore
import IAPFormats
import IAPStorage

extension Workspace {
  /// A customer began to cancel the subscription of `originalTransactionId`: the store asks
  /// the configured Get Retention Message endpoint which message to show (its signed
  /// real-time request, answered within Apple's time limit), falls back to the product's
  /// default message for the customer's `locale`, and keeps what it showed for
  /// `iap messages`. Without a real-time URL or a default message nothing is shown. The
  /// cancellation is committed already: a failure here is a warning.
  func presentRetentionMessage(originalTransactionId: String, productId: String, locale: String, signer: Signer) {
    let configuration: RetentionMessaging
    do { configuration = try readingRetentionMessaging() } catch {
      warn(error)
      return
    }
    var answer: JSONValue?
    if let url = configuration.realtimeURL {
      var generator = SystemRandomNumberGenerator()
      let request = RealtimeRequest(
        originalTransactionId: originalTransactionId, productId: productId, userLocale: String(locale.map { $0 == "_" ? "-" : $0 }),
        requestIdentifier: Self.newUUID(&generator))
      answer = Self.send(request, signedBy: signer, to: url, threshold: PerformanceTestRun.Config.standard.responseTimeThreshold).answer
    }
    guard let offer = configuration.offer(originalTransactionId: originalTransactionId, productId: productId, locale: locale, answer: answer)
    else { return }
    do { try changingRetentionMessaging { value throws(RetentionRefusal) in value.show(offer) } } catch { warn(error) }
  }

  /// Use case: what customers who began to cancel were shown (`iap messages`), the latest
  /// per subscription.
  package func retentionOffers() throws(IAPError) -> [RetentionOffer] {
    try IAPError.ofState(stateDirectory.open(forWriting: false).retentionMessaging()).shown
  }

  private func warn(_ failure: RetentionMessagingFailure) {
    if case let .store(error) = failure { console.warning("no retention message shown: \(error.userMessages.joined(separator: "; "))") }
  }
}
