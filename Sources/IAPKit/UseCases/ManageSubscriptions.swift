import IAPCore

/// What StoreKit's manage-subscriptions sheet (`AppStore.showManageSubscriptions(in:)`)
/// shows the customer: for each subscription group, the account's subscription in it and the
/// plans it can switch to. The sheet's own actions are the store's: `subscription cancel`
/// and `resume` turn auto-renew off and on, buying another plan upgrades, downgrades or
/// crossgrades.
package struct ManageSubscriptionsSheet {
  /// One subscription group as the sheet shows it.
  package struct Group {
    /// The subscription group's identifier.
    package var id: String
    /// The account's subscription in the group, if it ever had one (active or not).
    package var subscription: Subscription?
    /// The plans on sale in the group, highest level of service first (the subscription's own
    /// product first among equals).
    package var plans: [Product]
  }

  /// The groups shown, in the order of the account's first subscription in each (a group
  /// asked for by name comes alone).
  package var groups: [Group]
  /// The catalog, the locale and the storefront's currency, to show prices as the store does.
  package var catalog: Catalog
  package var locale: String
  package var currency: String
}

extension Workspace {
  /// Use case: the manage-subscriptions sheet, for every group the account subscribed in, or
  /// for the group `group` names (a group identifier or one of its products), subscribed or
  /// not, as `showManageSubscriptions(in:subscriptionGroupID:)` opens on one group. Fails as
  /// the sheet does when `fail-manage-subscriptions` says so.
  package func manageSubscriptions(_ group: String? = nil) throws(IAPError) -> ManageSubscriptionsSheet {
    let catalog = try loadCatalog()
    let opened = try openStore(forWriting: false, catalog: catalog)
    try SimulatedFailure.check(opened.settings.failManageSubscriptions, "AppStore.showManageSubscriptions(in:): the manage subscriptions sheet")
    let subscriptions = opened.store.accountState.subscriptions.values.sorted { $0.originalId < $1.originalId }
    var groupIds = subscriptions.map(\.group)
    if let group {
      guard let id = catalog.product(group)?.subscriptionGroup ?? catalog.products.first(where: { $0.subscriptionGroup == group })?.subscriptionGroup
      else { throw .invalidRequest("'\(group)' is neither a subscription group nor an auto-renewable subscription of the catalog") }
      groupIds = [id]
    }
    let removed = opened.settings.removedFromSale
    let groups = groupIds.map { id in
      let subscription = subscriptions.first { $0.group == id }
      let plans = catalog.products.enumerated()
        .filter { $0.element.subscriptionGroup == id && $0.element.clearedForSale && !removed.contains($0.element.id) }
        .sorted { ($0.element.groupLevel ?? .max, $0.offset) < ($1.element.groupLevel ?? .max, $1.offset) }
        .map(\.element)
      return ManageSubscriptionsSheet.Group(id: id, subscription: subscription, plans: plans)
    }
    return ManageSubscriptionsSheet(
      groups: groups, catalog: catalog, locale: opened.settings.locale, currency: catalog.currency(in: opened.settings.storefront))
  }
}
