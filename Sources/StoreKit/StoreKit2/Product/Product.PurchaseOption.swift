import Foundation

extension Product {
  /// StoreKit's `Product.PurchaseOption`: something the app adds to a purchase.
  public struct PurchaseOption: Hashable, Sendable, CustomDebugStringConvertible {
    /// What the option says.
    package enum Kind: Hashable, Sendable {
      case appAccountToken(UUID)
      case quantity(Int)
      case promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int)
      case promotionalOfferJWS(offerID: String, jws: String)
      case winBackOffer(String)
      case introductoryOfferEligibility(String)
      case simulatesAskToBuyInSandbox(Bool)
      case billingPlanType(String)
      case custom(key: String, value: CustomValue)
      /// `onStorefrontChange`: the closure's identity, as closures cannot be compared.
      case onStorefrontChange(UUID)
      /// StoreKitTest's `purchaseDate(_:renewalBehavior:)`: when the purchase is dated, and
      /// whether a subscription bought so has auto-renew off from its start.
      case purchaseDate(Date, cancelsImmediately: Bool)
    }

    /// The value of a custom option.
    package enum CustomValue: Hashable, Sendable {
      case string(String)
      case double(Double)
      case bool(Bool)
      case data(Data)
    }

    let kind: Kind

    /// The option `kind`: StoreKitTest makes its testing options so.
    package init(kind: Kind) { self.kind = kind }

    /// The option, as Swift would write it.
    public var debugDescription: String { "\(kind)" }

    /// Carries `token` into the transaction's `appAccountToken` (and its renewal info's).
    public static func appAccountToken(_ token: UUID) -> PurchaseOption { PurchaseOption(kind: .appAccountToken(token)) }

    /// Buys `quantity` of a consumable: 1 to 10, else the purchase throws
    /// `Product.PurchaseError.invalidQuantity`.
    public static func quantity(_ quantity: Int) -> PurchaseOption { PurchaseOption(kind: .quantity(quantity)) }

    /// Redeems a promotional offer signed by the app's server with an In-App Purchase key
    /// (`keyID`), over the app bundle id, `keyID`, the product, the offer, the app account
    /// token, `nonce` and `timestamp` (milliseconds), as Apple defines the signature; the
    /// store checks it against the keys it knows (`iap keys`).
    public static func promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int) -> PurchaseOption {
      PurchaseOption(kind: .promotionalOffer(offerID: offerID, keyID: keyID, nonce: nonce, signature: signature, timestamp: timestamp))
    }

    /// Redeems the promotional offer `offerID` with a signature in JWS form, made by the
    /// app's server; the store checks it against the keys it knows.
    public static func promotionalOffer(_ offerID: String, compactJWS: String) -> [PurchaseOption] {
      [PurchaseOption(kind: .promotionalOfferJWS(offerID: offerID, jws: compactJWS))]
    }

    /// Buys the subscription under `type`, one of its `pricingTerms` (`.monthly`: monthly
    /// payments with a 12-month commitment); without it, the price is billed up front.
    public static func billingPlanType(_ type: Product.SubscriptionInfo.BillingPlanType) -> PurchaseOption {
      PurchaseOption(kind: .billingPlanType(type.rawValue))
    }

    /// Redeems a win-back offer the customer is eligible for (`RenewalInfo.eligibleWinBackOfferIDs`).
    public static func winBackOffer(_ offer: Product.SubscriptionOffer) -> PurchaseOption {
      PurchaseOption(kind: .winBackOffer(offer.id ?? ""))
    }

    /// Decides introductory-offer eligibility with a JWS the app's server signed, in place
    /// of the store's own rule.
    public static func introductoryOfferEligibility(compactJWS: String) -> PurchaseOption {
      PurchaseOption(kind: .introductoryOfferEligibility(compactJWS))
    }

    /// Asks the sandbox to treat the purchase as Ask to Buy: when the store's environment is
    /// Sandbox, the purchase is `.pending` until approved or declined. Elsewhere it changes
    /// nothing, as Apple applies it in the sandbox alone; Ask to Buy is then the store's
    /// `ask-to-buy` setting (`SKTestSession.askToBuyEnabled`), as in Xcode's testing.
    public static func simulatesAskToBuyInSandbox(_ simulatesAskToBuy: Bool) -> PurchaseOption {
      PurchaseOption(kind: .simulatesAskToBuyInSandbox(simulatesAskToBuy))
    }

    /// Asks whether to go on with a purchase when the storefront changes while it runs. A
    /// purchase here is one request to the store, during which the storefront cannot
    /// change, so the closure is never called.
    public static func onStorefrontChange(shouldContinuePurchase: @escaping @Sendable (Storefront) -> Bool) -> PurchaseOption {
      PurchaseOption(kind: .onStorefrontChange(UUID()))
    }

    /// A custom string option; as Apple documents, it has no effect.
    public static func custom(key: String, value: String) -> PurchaseOption { PurchaseOption(kind: .custom(key: key, value: .string(value))) }

    /// A custom number option; as Apple documents, it has no effect.
    public static func custom(key: String, value: Double) -> PurchaseOption { PurchaseOption(kind: .custom(key: key, value: .double(value))) }

    /// A custom Boolean option; as Apple documents, it has no effect.
    public static func custom(key: String, value: Bool) -> PurchaseOption { PurchaseOption(kind: .custom(key: key, value: .bool(value))) }

    /// A custom data option, which Apple reads for the Advanced Commerce API only; the store
    /// has no Advanced Commerce, so it has no effect here.
    public static func custom(key: String, value: Data) -> PurchaseOption { PurchaseOption(kind: .custom(key: key, value: .data(value))) }
  }
}
