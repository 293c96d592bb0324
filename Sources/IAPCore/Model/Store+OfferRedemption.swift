#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPFormats

package extension Store {
  /// Checks a payment's win-back offer or offer code: the product must have it
  /// (`invalidOfferIdentifier`, 11) and the account must be eligible (`ineligibleForOffer`,
  /// 18): Apple's win-back rules (`WinBackEligibility`), or the offer code's customers
  /// (`new`: never subscribed in the group, `existing`: subscribed now, `expired`: lapsed),
  /// as App Store Connect's "Set up offer codes" names them.
  func acceptRedemption(_ redemption: OfferRedemption, for product: Product, now: Timestamp) -> Result<RedeemedOffer, StoreError> {
    let subscription = product.subscriptionGroup.flatMap { accountState.subscriptions[$0] }
    switch redemption {
    case let .winBack(id):
      guard product.type == .autoRenewable else {
        return .failure(StoreError(.invalidOfferIdentifier, "'\(product.id)' is \(product.type.rawValue): only auto-renewable subscriptions have win-back offers"))
      }
      guard let offer = product.winBackOffer(id) else {
        return .failure(unknown("win-back offer", id, product, known: product.winBackOffers.map(\.id)))
      }
      // Renewal info lists the offers of the customer's most recent subscription in the
      // group (`eligibleWinBackOfferIds`), and StoreKit redeems only those.
      if let subscription, subscription.productId != product.id {
        return .failure(StoreError(.ineligibleForOffer, "account '\(account)' is not eligible for win-back offer '\(id)': the customer's most recent subscription in the group is '\(subscription.productId)', and only its win-back offers can be redeemed"))
      }
      if let why = WinBackEligibility.refusal(offer, subscription: subscription, rules: rules, now: now) {
        return .failure(StoreError(.ineligibleForOffer, "account '\(account)' is not eligible for win-back offer '\(id)': \(why)"))
      }
      return .success(RedeemedOffer(id: id, terms: offer.terms, type: .winBack))
    case let .offerCode(id):
      guard let code = product.offerCode(id) else {
        return .failure(unknown("offer code", id, product, known: product.offerCodes.map(\.id)))
      }
      guard let terms = code.terms else { return .success(RedeemedOffer(id: id, oneTimePrice: code.price, type: .offerCode)) }
      let standing: OfferCode.Eligibility
      switch subscription?.status {
      case nil: standing = .new
      case .expired?, .revoked?: standing = .expired
      default: standing = .existing
      }
      guard code.eligibility.contains(standing) else {
        let allowed = OfferCode.Eligibility.allCases.filter(code.eligibility.contains).map(\.rawValue).joined(separator: ", ")
        return .failure(
          StoreError(.ineligibleForOffer, "offer code '\(id)' is for \(allowed) customers; account '\(account)' is \(standing.rawValue) in group '\(product.subscriptionGroup ?? product.id)'"))
      }
      if terms.paymentMode != .free && terms.price == nil {
        return .failure(StoreError(.invalidOfferPrice, "offer code '\(id)' is \(terms.paymentMode.rawValue) but the catalog gives it no price"))
      }
      return .success(RedeemedOffer(id: id, terms: terms, type: .offerCode))
    }
  }

  /// Checks a payment's introductory-offer eligibility JWS; its answer overrides the
  /// store's eligibility for this purchase.
  func acceptIntroductoryEligibility(_ payment: IntroductoryEligibilityPayment, for product: Product, now: Timestamp) -> Result<Bool, StoreError> {
    let verifier = IntroductoryOfferEligibilityVerifier(bundleId: app.bundleId, context: payment.context, storeNow: now)
    let owned = Set(accountState.subscriptions.values.flatMap { [String($0.originalId), String($0.latest.id)] })
      .union(payment.context.customerTransactionIds)
    return verifier.verify(payment.jws, productId: product.id, ownsTransaction: owned.contains)
  }

  /// Prices a one-time purchase with an offer code (`offerDiscountType` `ONE_TIME`).
  static func applyOneTimeCode(_ offer: RedeemedOffer, to transaction: inout Transaction) {
    guard let price = offer.oneTimePrice else { return }
    transaction.price = "\(price)"
    transaction.offerIdentifier = offer.id
    transaction.redeemedOfferType = offer.type
    transaction.offerDiscountType = .oneTime
  }

  private func unknown(_ what: String, _ id: String, _ product: Product, known: [String]) -> StoreError {
    let list = known.isEmpty ? "it has none" : "it has " + known.joined(separator: ", ")
    return StoreError(.invalidOfferIdentifier, "'\(product.id)' has no \(what) '\(id)' (\(list))")
  }
}
