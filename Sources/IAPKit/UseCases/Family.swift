import IAPCore

/// The account's family: whom it shares its purchases with.
package struct FamilyListing {
  /// The members, sorted.
  package var members: [String]
  /// The family this account is a member of, if any (its purchaser).
  package var organizer: String?
}

extension Workspace {
  /// Use case: adds `member` to this account's family; every family-shareable purchase that
  /// grants access now (non-consumables and auto-renewable subscriptions whose catalog
  /// product has `familyShareable`) is shared with it, and so are later ones.
  package func addFamilyMember(_ member: String, signed: Bool = false) throws(IAPError) -> TransactionsResult {
    let catalog = try loadCatalog()
    let shareable = Set(catalog.products.filter { $0.familyShareable && $0.type != .consumable }.map(\.id))
    return try actOnStore(signed: signed) { store, opened throws(IAPError) in
      try refusing { () throws(StoreRefusal) in try store.addFamilyMember(member, shareable: shareable, now: opened.now) }
    }
  }

  /// Use case: removes `member` from this account's family: its shares are revoked (REVOKE).
  package func removeFamilyMember(_ member: String, signed: Bool = false) throws(IAPError) -> TransactionsResult {
    try actOnStore(signed: signed) { store, opened throws(IAPError) in
      try refusing { () throws(StoreRefusal) in try store.removeFamilyMember(member, now: opened.now) }
    }
  }

  /// Use case: the account's family members, and the family it belongs to.
  package func family() throws(IAPError) -> FamilyListing {
    let opened = try openStore(forWriting: false)
    let families = opened.store.state.families
    return FamilyListing(
      members: families[account] ?? [], organizer: families.keys.sorted().first { families[$0]!.contains(account) })
  }
}
