import IAPCore

extension Workspace {
  /// Use case: the StoreKit messages (`Message.messages`) the App Store would show this
  /// account at the app's launch: billing issues, price increases awaiting consent,
  /// win-back offers and the App Store's own messages.
  package func messages() throws(IAPError) -> [StoreMessage] {
    let opened = try openStore(forWriting: false)
    return opened.store.messages(winBackOffers: winBackOffers(opened))
  }

  /// The win-back offers a lapsed subscription's customer may redeem now, best first, as
  /// renewal info lists them (`eligibleWinBackOfferIds`).
  private func winBackOffers(_ opened: OpenedStore) -> (Subscription) -> [String] {
    let catalog = winBackCatalog(opened.store.state, rules: opened.store.rules, catalog: opened.catalogFields)
    return { subscription in catalog?.eligibleIds(subscription, at: opened.now) ?? [] }
  }

  /// Use case: the customer saw the messages and closed them; they are not shown again
  /// while their cause lasts. Returns those dismissed.
  package func dismissMessages() throws(IAPError) -> [StoreMessage] {
    var opened = try openStore(forWriting: true)
    let dismissed = opened.store.dismissMessages(winBackOffers: winBackOffers(opened))
    try opened.commit()
    return dismissed
  }

  /// Use case: the App Store sends the account a message of its own
  /// (`Message.Reason.generic`), shown at the app's launch until dismissed. Returns it.
  package func sendMessage() throws(IAPError) -> StoreMessage {
    var opened = try openStore(forWriting: true)
    let message = opened.store.sendGenericMessage()
    try opened.commit()
    return message
  }
}
