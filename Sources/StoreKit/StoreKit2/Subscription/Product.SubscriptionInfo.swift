import Foundation
import IAPFormats

extension Product {
  /// StoreKit's `Product.SubscriptionInfo`: an auto-renewable subscription's terms, and the
  /// customer's standing in its group.
  public struct SubscriptionInfo: Equatable, Hashable, Sendable {
    /// The offer new subscribers of the group get, if any.
    public let introductoryOffer: Product.SubscriptionOffer?
    /// The offers the app may apply with a signature.
    public let promotionalOffers: [Product.SubscriptionOffer]
    /// The offers for customers whose subscription lapsed.
    public let winBackOffers: [Product.SubscriptionOffer]
    /// The ways to pay for the subscription: its price billed up front, then its monthly plan
    /// with a 12-month commitment, when it has one.
    public let pricingTerms: [Product.SubscriptionInfo.PricingTerms]
    /// The subscription group.
    public let subscriptionGroupID: String
    /// How long one period lasts.
    public let subscriptionPeriod: Product.SubscriptionPeriod
    /// The subscription's level in its group: 1 is the highest.
    public let groupLevel: Int
    /// The group's name. The catalog has no localized display name for a group, so this is
    /// the name it gives the group (a `.storekit` file's reference name), as is
    /// `subscriptionGroupID`.
    public let groupDisplayName: String

    /// The product the terms are of, and the store it came from.
    let productID: String
    let store: StoreConnection

    /// Whether both are the same terms of the same product.
    public static func == (lhs: SubscriptionInfo, rhs: SubscriptionInfo) -> Bool {
      lhs.productID == rhs.productID && lhs.subscriptionGroupID == rhs.subscriptionGroupID && lhs.subscriptionPeriod == rhs.subscriptionPeriod
        && lhs.groupLevel == rhs.groupLevel && lhs.introductoryOffer == rhs.introductoryOffer
        && lhs.promotionalOffers == rhs.promotionalOffers && lhs.winBackOffers == rhs.winBackOffers
        && lhs.pricingTerms == rhs.pricingTerms
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(productID)
      hasher.combine(subscriptionGroupID)
      hasher.combine(subscriptionPeriod)
    }

    /// The terms of a control-plane product object; nil when it has no group or period.
    init?(_ json: JSONValue, productID: String, store: StoreConnection, format: (Decimal) -> String) {
      guard let group = json.string("subscriptionGroup"), let period = json.string("subscriptionPeriod").flatMap(SubscriptionPeriod.init(iso8601:))
      else { return nil }
      introductoryOffer = json["introductoryOffer"].flatMap { SubscriptionOffer($0, type: .introductory, format: format) }
      promotionalOffers = (json["promotionalOffers"]?.arrayValue ?? []).compactMap { SubscriptionOffer($0, type: .promotional, format: format) }
      winBackOffers = (json["winBackOffers"]?.arrayValue ?? []).compactMap { SubscriptionOffer($0, type: .winBack, format: format) }
      let offers = [introductoryOffer].compactMap { $0 } + promotionalOffers + winBackOffers
      pricingTerms = PricingTerms.all(json, period: period, offers: offers, format: format)
      subscriptionGroupID = group
      subscriptionPeriod = period
      groupLevel = json.int("groupLevel") ?? 1
      groupDisplayName = group
      self.productID = productID
      self.store = store
    }

    /// Whether the customer may have the group's introductory offer: they never subscribed
    /// in the group. False when the store cannot be reached (reported on standard error).
    public var isEligibleForIntroOffer: Bool {
      get async { await Self.eligibility(productID: productID, store: store) }
    }

    /// The statuses of the customer's subscriptions in this group (theirs, and any a family
    /// member shares). Throws `StoreKitError`.
    public var status: [Product.SubscriptionInfo.Status] {
      get async throws {
        do { return try await Self.statuses(group: subscriptionGroupID, store: store) } catch {
          throw StoreErrors.storeKitError(error, .subscriptionStatus, store)
        }
      }
    }

    /// Whether the customer may have the introductory offer of group `groupID`. False when
    /// the group is not the store's, or the store cannot be reached (reported on standard
    /// error).
    public static func isEligibleForIntroOffer(for groupID: String) async -> Bool {
      guard let store = try? StoreContext.connection() else { return false }
      do {
        let products = try await store.call("GET", "/products")["products"]?.arrayValue ?? []
        guard let product = products.first(where: { $0.string("subscriptionGroup") == groupID })?.string("id") else { return false }
        return await eligibility(productID: product, store: store)
      } catch {
        StoreDiagnostics.report("Product.SubscriptionInfo.isEligibleForIntroOffer(for:)", error, store: store)
        return false
      }
    }

    /// The statuses of the customer's subscriptions in group `groupID`. Throws
    /// `StoreKitError` (`networkError` when the store cannot be reached).
    public static func status(for groupID: String) async throws -> [Product.SubscriptionInfo.Status] {
      let store = try StoreErrors.resolve()
      do { return try await statuses(group: groupID, store: store) } catch { throw StoreErrors.storeKitError(error, .subscriptionStatus, store) }
    }

    /// The store's answer to whether the customer may have the introductory offer.
    static func eligibility(productID: String, store: StoreConnection) async -> Bool {
      do {
        let answer = try await store.call("GET", "/subscriptions/" + StoreConnection.escape(productID) + "/eligibility")
        return answer.bool("isEligibleForIntroOffer") ?? false
      } catch {
        StoreDiagnostics.report("isEligibleForIntroOffer", error, store: store)
        return false
      }
    }

    /// The statuses of group `group`, read from the store's subscriptions.
    static func statuses(group: String, store: StoreConnection) async throws(StoreConnectionError) -> [Status] {
      let answer = try await store.call("GET", "/subscriptions")
      let all = try await StoreConnection.offPool { () throws(StoreConnectionError) in try Status.all(in: answer, store: store) }.get()
      return all.filter {
        $0.transaction.unsafePayloadValue.subscriptionGroupID == group
      }
    }
  }
}
