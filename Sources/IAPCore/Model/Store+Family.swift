import IAPFormats

/// Family Sharing: a purchaser shares family-shareable non-consumables and auto-renewable
/// subscriptions with the family's other accounts. Each member gets transactions of their own
/// (own ids, `inAppOwnershipType` FAMILY_SHARED: "each family member gets their own unique
/// receipts and transactions", Apple's "Supporting Family Sharing in your app"), announced
/// to the app's server as a purchase is; stopping the sharing, or a refund of the purchase,
/// revokes them with a REVOKE notification.
package extension Store {
  /// The family members this account shares its purchases with.
  var familyMembers: [String] { state.families[account] ?? [] }

  /// Adds `member` to this account's family and shares with it every purchase of a product
  /// in `shareable` that grants access now.
  /// - Returns: the member's new transactions.
  mutating func addFamilyMember(_ member: String, shareable: Set<String>, now: Timestamp) throws(StoreRefusal) -> [Transaction] {
    if member == account { throw .family("'\(member)' is the purchaser: add another account") }
    if familyMembers.contains(member) { throw .family("'\(member)' is already in the family of '\(account)'") }
    if let other = state.families.first(where: { $0.value.contains(member) })?.key {
      throw .family("'\(member)' is in the family of '\(other)': remove it there first")
    }
    if state.families[member] != nil { throw .family("'\(member)' shares with a family of its own") }
    record(.family(organizer: account, member: member, joined: true))
    let owned: [Transaction] = accountState.ownership.values.map(\.latest).filter { $0.productType == .nonConsumable && $0.familySharedFrom == nil }
    let subscribed: [Transaction] = accountState.subscriptions.values.filter { $0.status.grantsAccess && $0.latest.familySharedFrom == nil }.map(\.latest)
    let shared: [Transaction] = (owned + subscribed).sorted { $0.id < $1.id }.filter { shareable.contains($0.productId) }
    return shared.compactMap { share($0, with: member, now: now) }
  }

  /// Removes `member` from the family: every share it holds is revoked (REVOKE).
  /// - Returns: the member's revoked transactions.
  mutating func removeFamilyMember(_ member: String, now: Timestamp) throws(StoreRefusal) -> [Transaction] {
    guard familyMembers.contains(member) else { throw .family("'\(member)' is not in the family of '\(account)'") }
    let revoked = revokeShares(of: nil, members: [member], now: now)
    record(.family(organizer: account, member: member, joined: false))
    return revoked
  }

  /// Shares a new purchase of a family-shareable product with every member of the family.
  @discardableResult
  mutating func shareWithFamily(_ purchase: Transaction, now: Timestamp) -> [Transaction] {
    guard purchase.grantsProduct, purchase.familySharedFrom == nil,
      purchase.productType == .nonConsumable || purchase.productType == .autoRenewable
    else { return [] }
    return familyMembers.compactMap { share(purchase, with: $0, now: now) }
  }

  /// Revokes the members' shares of the purchase `originalId` (every purchase when nil),
  /// with a REVOKE notification each: the purchase was refunded, or sharing stopped.
  ///
  /// - Parameter reason: the purchaser's refund's reason, which the members' revocations
  ///   carry (Apple's revocationReason page); `other` (0) when sharing stopped.
  @discardableResult
  mutating func revokeShares(
    of originalId: UInt64?, members: [String]? = nil, reason: RevocationReason = .other, now: Timestamp
  ) -> [Transaction] {
    var revoked: [Transaction] = []
    for member in members ?? familyMembers {
      let memberState = state.accounts[member] ?? AccountState()
      let owned = memberState.ownership.values.map(\.latest)
      let subscribed = memberState.subscriptions.values.filter { $0.status != .revoked }.map(\.latest)
      for share in (owned + subscribed).sorted(by: { $0.id < $1.id }) {
        // A member belongs to one family, so every share it holds comes from this account.
        guard let source = share.familySharedFrom, originalId == nil || source == originalId, share.revocationDate == nil
        else { continue }
        var ended = share
        ended.revocationDate = now
        ended.revocationReason = reason
        record(ended)
        if let group = ended.subscriptionGroup, var subscription = state.accounts[member]?.subscriptions[group] {
          subscription.status = .revoked
          subscription.autoRenew = false
          record(.subscription(subscription))
        }
        notify(.revoke, nil, ended, at: now)
        revoked.append(ended)
      }
    }
    return revoked
  }

  /// Keeps the members' shares of `subscription` in step with it: a renewal gives each a
  /// renewal of their own; an expiry expires theirs; a change of auto-renew is theirs too.
  /// Each member's server hears of it as the purchaser's does (`type`, `subtype`), about the
  /// member's own transaction (`inAppOwnershipType` FAMILY_SHARED): Apple sends
  /// notifications for family-shared transactions too (developer forums thread 744155:
  /// DID_CHANGE_RENEWAL_STATUS with FAMILY_SHARED as well as PURCHASED).
  mutating func mirrorFamilyShares(of subscription: Subscription, at date: Timestamp, notifying type: NotificationType, _ subtype: NotificationSubtype?) {
    guard subscription.latest.familySharedFrom == nil else { return }
    for member in state.families[subscription.account] ?? [] {
      guard var shared = state.accounts[member]?.subscriptions[subscription.group],
        shared.latest.familySharedFrom == subscription.originalId, shared.status != .revoked
      else { continue }
      if shared.latest.expirationDate != subscription.latest.expirationDate, subscription.status == .subscribed {
        var renewal = memberTransaction(subscription.latest, for: member, at: subscription.latest.purchaseDate)
        renewal.originalId = shared.originalId
        renewal.originalPurchaseDate = shared.originalPurchaseDate
        renewal.isRenewal = true
        record(renewal)
        shared.latest = renewal
        shared.renewals += 1
      }
      shared.status = subscription.status
      shared.autoRenew = subscription.autoRenew
      shared.expirationIntent = subscription.expirationIntent
      record(.subscription(shared))
      notify(type, subtype, shared, at: date)
    }
  }

  /// The member's share of `purchase`, unless the member owns the product already.
  private mutating func share(_ purchase: Transaction, with member: String, now: Timestamp) -> Transaction? {
    let memberState = state.accounts[member] ?? AccountState()
    if let group = purchase.subscriptionGroup {
      if let current = memberState.subscriptions[group], current.status.grantsAccess { return nil }
    } else if memberState.ownership[purchase.productId] != nil {
      return nil
    }
    let firstInGroup = purchase.subscriptionGroup.map { memberState.subscriptions[$0] == nil } ?? false
    let shared = memberTransaction(purchase, for: member, at: now)
    record(shared)
    defer {
      // The member's server hears of the access as of a purchase of the member's own (Apple's
      // "Supporting Family Sharing in your app"): ONE_TIME_CHARGE for a non-consumable,
      // SUBSCRIBED for a subscription, INITIAL_BUY on the member's first access to the group.
      if shared.subscriptionGroup == nil {
        notify(.oneTimeCharge, nil, shared, at: now)
      } else {
        notify(.subscribed, firstInGroup ? .initialBuy : .resubscribe, shared, at: now)
      }
    }
    if let group = shared.subscriptionGroup, let source = accountState.subscriptions[group] {
      var mirror = source
      mirror.account = member
      mirror.originalId = shared.id
      mirror.originalPurchaseDate = shared.purchaseDate
      mirror.latest = shared
      mirror.renewals = 0
      mirror.restorable = false
      mirror.priceIncrease = nil
      mirror.lastIncreaseWithoutConsent = nil
      record(.subscription(mirror))
    }
    return shared
  }

  /// A transaction of `member` for the product of `purchase`, its own id and original.
  private mutating func memberTransaction(_ purchase: Transaction, for member: String, at date: Timestamp) -> Transaction {
    let id = issueId()
    var shared = Transaction(
      id: id, originalId: id, productId: purchase.productId, productType: purchase.productType, state: .purchased,
      quantity: 1, purchaseDate: date, originalPurchaseDate: date, expirationDate: purchase.expirationDate,
      account: member, device: device, subscriptionGroup: purchase.subscriptionGroup, bundleId: purchase.bundleId,
      storefront: purchase.storefront)
    // The member paid nothing: no price or currency.
    shared.familySharedFrom = purchase.familySharedFrom ?? purchase.originalId
    return shared
  }
}
