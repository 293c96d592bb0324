import IAPCore

extension Workspace {
  /// Use case: the StoreKit messages (`Message.messages`) the App Store would show this
  /// account at the app's launch: billing issues and price increases awaiting consent.
  public func messages() throws(IAPError) -> [StoreMessage] {
    try openStore(forWriting: false).store.messages()
  }

  /// Use case: the customer saw the messages and closed them; they are not shown again
  /// while their cause lasts. Returns those dismissed.
  public func dismissMessages() throws(IAPError) -> [StoreMessage] {
    var opened = try openStore(forWriting: true)
    let dismissed = opened.store.dismissMessages()
    try opened.commit()
    return dismissed
  }
}
