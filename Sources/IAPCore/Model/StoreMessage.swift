import IAPFormats

/// A message StoreKit's `Message` API would show when the app launches or comes to the
/// foreground (`Message.messages`), about one of the account's subscriptions.
public struct StoreMessage: Equatable, Sendable {
  /// `Message.Reason`: why the App Store shows it.
  public enum Reason: String, Sendable {
    /// A renewal payment is failing (billing retry, or the grace period before it): the
    /// customer is asked to update the payment method.
    case billingIssue
    /// A price increase waits for the customer's consent.
    case priceIncreaseConsent
  }

  public var reason: Reason
  public var productId: String
  public var group: String
  public var originalId: UInt64
  /// Stable while its cause lasts, so a dismissed message stays dismissed; a new cause (the
  /// next failing renewal, another price) is a new message.
  public var id: String

  public init(reason: Reason, subscription s: Subscription) {
    self.reason = reason
    productId = s.latest.productId
    group = s.group
    originalId = s.originalId
    switch reason {
    case .billingIssue: id = "billingIssue/\(s.originalId)/\(s.expirationDate.milliseconds)"
    case .priceIncreaseConsent: id = "priceIncreaseConsent/\(s.originalId)/\(s.pendingPriceIncrease?.price ?? "")"
    }
  }
}

public extension Store {
  /// The messages the App Store has for this account now, by subscription group, that it
  /// has not dismissed. Only the purchaser's own subscriptions: a family member has no
  /// payment method to fix nor a price to consent to.
  func messages() -> [StoreMessage] {
    let account = accountState
    var messages: [StoreMessage] = []
    for group in account.subscriptions.keys.sorted() {
      let s = account.subscriptions[group]!
      guard s.latest.inAppOwnershipType == "PURCHASED" else { continue }
      if s.isInBillingRetry { messages.append(StoreMessage(reason: .billingIssue, subscription: s)) }
      if s.status.grantsAccess, s.pendingPriceIncrease?.status == .pending {
        messages.append(StoreMessage(reason: .priceIncreaseConsent, subscription: s))
      }
    }
    return messages.filter { !account.dismissedMessages.contains($0.id) }
  }

  /// The customer saw the messages and closed them (`Message.display(in:)`): they are not
  /// shown again while their cause lasts. Returns those dismissed.
  @discardableResult
  mutating func dismissMessages() -> [StoreMessage] {
    let shown = messages()
    if !shown.isEmpty { record(.dismissMessages(account: account, ids: shown.map(\.id))) }
    return shown
  }
}
