extension Transaction {
  /// Tells the store the app delivered the purchase: the transaction leaves
  /// `Transaction.unfinished` and is not handed to `Transaction.updates` at the next launch.
  /// Finishing one finished already does nothing. As Apple's, it cannot throw: a store that
  /// cannot be reached or refuses is reported on standard error, and the transaction stays
  /// unfinished, to be handed over again.
  public func finish() async {
    do {
      _ = try await store.call("POST", "/transactions/\(id)/finish")
    } catch where error.name == "notInQueue" || error.name == "nothingToFinish" {
      return
    } catch {
      StoreDiagnostics.report("Transaction.finish() of \(id)", error, store: store)
    }
  }

  /// The status of the subscription this transaction belongs to; nil for what is not an
  /// auto-renewable subscription, or when the store cannot be reached (reported on
  /// standard error).
  public var subscriptionStatus: Product.SubscriptionInfo.Status? {
    get async {
      guard productType == .autoRenewable, let group = subscriptionGroupID else { return nil }
      do {
        let statuses = try await Product.SubscriptionInfo.statuses(group: group, store: store)
        return statuses.first { $0.transaction.unsafePayloadValue.originalID == originalID } ?? statuses.first
      } catch {
        StoreDiagnostics.report("Transaction.subscriptionStatus", error, store: store)
        return nil
      }
    }
  }
}
