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
    var answer: (body: JSONValue, context: RetentionAnswerContext)?
    if let url = configuration.realtimeURL {
      var generator = SystemRandomNumberGenerator()
      let request = RealtimeRequest(
        originalTransactionId: originalTransactionId, productId: productId, userLocale: String(locale.map { $0 == "_" ? "-" : $0 }),
        requestIdentifier: Self.newUUID(&generator))
      let threshold = PerformanceTestRun.Config.standard.responseTimeThreshold
      if let body = Self.send(request, signedBy: signer, to: url, threshold: threshold).answer {
        do { answer = (body, try retentionAnswerContext(signer: signer)) } catch { warn(.store(error)) }
      } else {
        console.warning("the Get Retention Message endpoint gave no 2xx answer within \(threshold) ms: the default message applies")
      }
    }
    let choice = configuration.offer(originalTransactionId: originalTransactionId, productId: productId, locale: locale, answer: answer)
    if let why = choice.setAside { console.warning("the Get Retention Message answer was set aside (\(why)): the default message applies") }
    guard let offer = choice.offer else { return }
    do { try changingRetentionMessaging { value throws(RetentionRefusal) in value.show(offer) } } catch { warn(error) }
  }

  /// What an endpoint's answer is checked against: the catalog, and the keys, nonces and
  /// transactions a purchase's promotional offer is checked against.
  private func retentionAnswerContext(signer: Signer) throws(IAPError) -> RetentionAnswerContext {
    let catalog = try loadCatalog()
    let opened = try openStore(forWriting: false, catalog: catalog)
    var owned: Set<String> = [signer.appTransactionId(account: account)]
    for subscription in opened.store.accountState.subscriptions.values {
      owned.formUnion([String(subscription.originalId), String(subscription.latest.id)])
    }
    let context = OfferVerificationContext(
      keys: try IAPError.ofState(opened.session.keysFile().publicKeys), realNow: environment.now(), customerTransactionIds: owned)
    let verifier = PromotionalOfferVerifier(
      bundleId: catalog.bundleId, context: context, storeNow: opened.now, usedNonces: opened.store.state.usedOfferNonces)
    return RetentionAnswerContext(catalog: catalog, verifier: verifier, ownedTransactionIds: owned)
  }

  /// Use case: what customers who began to cancel were shown (`iap messages`), the latest
  /// per subscription.
  package func retentionOffers() throws(IAPError) -> [RetentionOffer] {
    try IAPError.ofState(stateDirectory.open(forWriting: false).retentionMessaging()).shown
  }

  /// Says why a retention message could not be shown or recorded, when the state failed.
  func warn(_ failure: RetentionMessagingFailure) {
    if case let .store(error) = failure { console.warning("no retention message shown: \(error.userMessages.joined(separator: "; "))") }
  }
}
