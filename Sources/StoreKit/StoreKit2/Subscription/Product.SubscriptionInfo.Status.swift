import IAPFormats

extension Product.SubscriptionInfo {
  /// StoreKit's `Product.SubscriptionInfo.Status`: one subscription's state, its latest
  /// signed transaction and its signed renewal info.
  public struct Status: Equatable, Hashable, Sendable {
    /// Where the subscription stands.
    public let state: Product.SubscriptionInfo.RenewalState
    /// The latest transaction of the subscription.
    public let transaction: VerificationResult<Transaction>
    /// What happens at the next renewal.
    public let renewalInfo: VerificationResult<Product.SubscriptionInfo.RenewalInfo>

    /// Each change of the customer's subscriptions' statuses (a renewal, an expiry, billing
    /// retry, a grace period, a refund, auto-renew turned off or on, a price increase),
    /// from the store's subscriptions asked twice a second, until the task iterating it is
    /// cancelled.
    public static var updates: Product.SubscriptionInfo.Status.Statuses {
      Statuses(store: Result { () throws(StoreConnectionError) in try StoreContext.connection() })
    }

    /// The statuses of a `GET /subscriptions` answer, each value checked against the
    /// store's keys; a subscription without a signed transaction is left out.
    static func all(in answer: JSONValue, store: StoreConnection) throws(StoreConnectionError) -> [Status] {
      var statuses: [Status] = []
      for item in answer["subscriptions"]?.arrayValue ?? [] {
        guard let state = item.string("state").flatMap(RenewalState.init(storeName:)), let transaction = item.string("signedTransactionInfo"),
          let renewal = item.string("signedRenewalInfo")
        else { continue }
        statuses.append(
          Status(
            state: state, transaction: try Transaction.verify(transaction, store: store),
            renewalInfo: try RenewalInfo.verify(renewal, store: store)))
      }
      return statuses
    }

    /// What identifies this status among its versions: the state and the signed values'
    /// payloads without their signing date, which changes at every signature.
    var fingerprint: String {
      func unsigned(_ payload: JSONValue) -> String {
        JSONWriter.compact(.object((payload.objectValue ?? []).filter { $0.0 != "signedDate" }))
      }
      let transaction = (try? JSONParser.parse(Array(self.transaction.unsafePayloadValue.jsonRepresentation))) ?? .null
      let renewal = (try? JSONParser.parse(Array(renewalInfo.unsafePayloadValue.jsonRepresentation))) ?? .null
      return "\(state.rawValue) \(unsigned(transaction)) \(unsigned(renewal))"
    }
  }
}

/// StoreKit's name for `Product.SubscriptionInfo.Status`.
public typealias SubscriptionStatus = Product.SubscriptionInfo.Status
