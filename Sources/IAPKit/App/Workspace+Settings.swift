import IAPCore
import IAPFormats
import IAPStorage

extension Workspace {
  /// The settings in force, resolved in one place for every consumer (the store's rules,
  /// the signer, notification delivery, downloads, simulated errors): built-in defaults,
  /// then the catalog's `settings` (a `catalog.plist` or a `.storekit` file), then what
  /// `iap settings set` stored, then `$IAP_SIGNING_SECRET` for the signing secret.
  ///
  /// - Parameter catalog: the catalog when the use case loaded it; otherwise its fields come
  ///   from the catalog cache or a quiet read, and a missing or broken catalog counts as one
  ///   without settings (the use cases that need products report it).
  package func settings(_ session: StateSession, catalog: Catalog? = nil) throws(IAPError) -> StoreSettings {
    try settings(session, fields: catalog ?? catalogFieldsQuietly())
  }

  /// The settings in force, from catalog fields already read (nil: no usable catalog).
  /// Use cases read the catalog before they take the state's lock and pass it here: the
  /// catalog is the user's file, perhaps a FIFO whose writer stalls, and no command may wait
  /// for its input while it holds the lock (docs/state.md).
  func settings(_ session: StateSession, fields: Catalog?) throws(IAPError) -> StoreSettings {
    settings(fields: fields, overrides: try IAPError.ofState(session.settingsOverrides()))
  }

  /// The settings that would be in force if `overrides` were what `iap settings set` stored.
  func settings(fields: Catalog?, overrides: [String: String]) -> StoreSettings {
    var settings = StoreSettings(
      storefront: fields?.storefront ?? "USA", locale: fields?.locale ?? "en_US",
      catalogSettings: fields?.settings.pairs ?? [], overrides: overrides)
    if let secret = environment.variable("IAP_SIGNING_SECRET") {
      settings.override("signing-secret", with: secret, from: .environment)
    }
    return settings
  }

  /// The signer for what `opened` hands out: its settings' environment and secret (else the
  /// state's own secret, made on first use), its clock's time as `signedDate`.
  package func signer(_ opened: OpenedStore) throws(IAPError) -> Signer {
    try signer(
      opened.session, settings: opened.settings, now: opened.now, state: opened.store.state, rules: opened.store.rules,
      catalog: opened.catalogFields)
  }

  /// The signer for `session` under `settings` at `now`: in Sandbox and Production it signs
  /// with the state's certificate chain (made from the secret; Production also needs the
  /// app's Apple ID, as Apple's verifier does), elsewhere with the secret's HMAC.
  ///
  /// - Parameters:
  ///   - state: the store's state when the caller has moved it on from the session's.
  ///   - rules: the store's subscription rules, when the caller has them: renewal info's
  ///     `eligibleWinBackOfferIds` counts months by them.
  ///   - catalog: the catalog as read before the lock, for the win-back offers the cache
  ///     cannot give.
  package func signer(
    _ session: StateSession, settings: StoreSettings, now: Timestamp, state: StoreState? = nil, rules: SubscriptionRules? = nil,
    catalog: Catalog? = nil
  ) throws(IAPError) -> Signer {
    let key = try signingKey(session, settings: settings)
    var signer: Signer
    if settings.signsWithCertificates {
      if let reason = settings.incompleteness { throw .settingsIncomplete(reason) }
      signer = Signer(
        key: key, environment: settings.environment, signedDate: now, chain: SigningChain.cached(secret: key), appAppleId: settings.appAppleId)
    } else {
      signer = Signer(key: key, environment: settings.environment, signedDate: now, appAppleId: settings.appAppleId)
    }
    var storeRules = rules
    if storeRules == nil { storeRules = settings.subscriptionRules(clock: try IAPError.ofState(session.clock())) }
    signer.winBack = winBackCatalog(state ?? session.state, rules: storeRules!, catalog: catalog)
    return signer
  }

  /// The win-back offers of the products lapsed subscriptions were last for: all renewal
  /// info needs to list `eligibleWinBackOfferIds`. Only lapsed subscriptions can be
  /// eligible, so only their products are looked up: in the catalog cache (iap's own file,
  /// which never blocks), else in `catalog`, read before the lock. The user's catalog is
  /// never read here: the caller holds the state's lock. Nil when there is none.
  func winBackCatalog(_ state: StoreState, rules: SubscriptionRules, catalog: Catalog?) -> WinBackCatalog? {
    let lapsed = Set(state.accounts.values.flatMap { $0.subscriptions.values.filter { $0.status == .expired }.map(\.productId) })
    let offers = cachedProducts(lapsed, else: catalog).compactMapValues { $0.winBackOffers.isEmpty ? nil : $0.winBackOffers }
    return offers.isEmpty ? nil : WinBackCatalog(offers: offers, rules: rules)
  }

  /// The signing secret in force: the one the server shares across namespaces, else the
  /// settings' (or `$IAP_SIGNING_SECRET`), else the state's own, made on first use by a
  /// session that may write.
  func signingKey(_ session: StateSession, settings: StoreSettings) throws(IAPError) -> [UInt8] {
    if let shared = sharedKeys { return Array(shared.signingSecret.utf8) }
    var secret = settings.signingSecret
    if secret == nil { secret = try IAPError.ofState(session.signingSecretCreatingIfNeeded()) ?? "iap-unsigned-empty-state" }
    return Array(secret!.utf8)
  }
}
