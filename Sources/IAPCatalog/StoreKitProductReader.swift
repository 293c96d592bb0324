#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats

/// Reads one product of a `.storekit` file into a `Product`: an entry of `products`,
/// `nonRenewingSubscriptions`, or a subscription group's `subscriptions`.
package enum StoreKitProductReader {
  /// Which array of the file the product is in; it decides the product type.
  enum Section {
    /// `products`: `Consumable` or `NonConsumable`.
    case products
    /// `nonRenewingSubscriptions`: `NonRenewingSubscription`.
    case nonRenewing
    /// A group's `subscriptions`: `RecurringSubscription`, in the group named `group` whose
    /// `id` is `groupID`.
    case subscriptions(group: String, groupID: String?)
  }

  static let productKeys: Set<String> = [
    "displayPrice", "familyShareable", "internalID", "localizations", "productID", "referenceName", "type", "codeOffers",
  ]
  static let subscriptionKeys = productKeys.union([
    "groupNumber", "subscriptionGroupID", "recurringSubscriptionPeriod", "introductoryOffer", "introductoryOffers",
    "adHocOffers", "subscriptionOffers", "codeOffers", "winbackOffers", "billingPlans",
  ])
  static let productTypes: [String: ProductType] = ["Consumable": .consumable, "NonConsumable": .nonConsumable]

  /// The product, or nil when it has errors (all of which are added to `problems`).
  /// - Parameter locale: the catalog's locale: its localization gives the base title.
  static func read(_ value: JSONValue, item: String, section: Section, locale: String, _ problems: inout CatalogProblems)
    -> Product?
  {
    guard var fields = StoreKitFields(value, item: item, expecting: "a product object", &problems) else { return nil }
    let errorCount = problems.errors.count
    var id: String?
    if let value = fields["productID"] {
      if case let .string(s) = value, ProductValidator.isValidIdentifier(s) { id = s } else {
        fields.expected("letters, digits, '.', '_' or '-'", got: value, key: "productID", &problems)
      }
    } else {
      fields.missing("a product identifier", key: "productID", &problems)
    }
    fields.id = id
    if case .subscriptions = section {
      fields.warnUnknown(subscriptionKeys, &problems)
    } else {
      fields.warnUnknown(productKeys, &problems)
    }

    let type = productType(fields, section, &problems)
    let price = fields.price("displayPrice", required: true, &problems)
    let familyShareable = fields.bool("familyShareable", &problems) ?? false
    _ = fields.string("internalID", nonEmpty: false, &problems)
    let referenceName = fields.string("referenceName", nonEmpty: false, &problems).flatMap { $0.isEmpty ? nil : $0 }
    let copy = StoreKitLocalizationReader.read(fields, referenceName: referenceName ?? id ?? "", locale: locale, &problems)

    var product = Product(
      id: id ?? "", type: type ?? .consumable, title: copy.title, description: copy.description, price: price ?? 0,
      referenceName: referenceName, familyShareable: familyShareable, localizations: copy.localizations)
    if case let .subscriptions(group, groupID) = section {
      readSubscription(fields, group: group, groupID: groupID, into: &product, &problems)
    } else {
      product.offerCodes = StoreKitRedemptionOfferReader.offerCodes(fields, subscription: false, &problems)
    }
    guard problems.errors.count == errorCount, id != nil, type != nil, price != nil else { return nil }
    return product
  }

  /// The type the section implies, checked against `type` when the file gives one.
  private static func productType(_ fields: StoreKitFields, _ section: Section, _ problems: inout CatalogProblems) -> ProductType? {
    let value = fields["type"]
    switch section {
    case .products:
      if case let .string(s)? = value, let type = productTypes[s] { return type }
      if let value {
        fields.expected("Consumable or NonConsumable", got: value, key: "type", &problems)
      } else {
        fields.missing("Consumable or NonConsumable", key: "type", &problems)
      }
      return nil
    case .nonRenewing: return implied("NonRenewingSubscription", .nonRenewing)
    case .subscriptions: return implied("RecurringSubscription", .autoRenewable)
    }

    /// The section's type; a `type` key may confirm it, but not contradict it.
    func implied(_ name: String, _ type: ProductType) -> ProductType? {
      guard let value, value != .string(name) else { return type }
      fields.expected(name, got: value, key: "type", &problems)
      return nil
    }
  }

  /// The subscription fields: group, period, level, its offers and billing plans.
  private static func readSubscription(
    _ fields: StoreKitFields, group: String, groupID: String?, into product: inout Product, _ problems: inout CatalogProblems
  ) {
    product.subscriptionGroup = group
    let periods = SubscriptionPeriod.allCases.map(\.rawValue).joined(separator: ", ")
    if let value = fields["recurringSubscriptionPeriod"] {
      if case let .string(s) = value, let period = SubscriptionPeriod(rawValue: s) {
        product.subscriptionPeriod = period
      } else {
        fields.expected("one of \(periods)", got: value, key: "recurringSubscriptionPeriod", &problems)
      }
    } else {
      fields.missing("one of \(periods)", key: "recurringSubscriptionPeriod", &problems)
    }
    product.groupLevel = fields.integer("groupNumber", minimum: 1, &problems) ?? 1
    if let own = fields.string("subscriptionGroupID", nonEmpty: false, &problems), let groupID, own != groupID {
      fields.warning("differs from the group's id \"\(groupID)\" (ignored)", key: "subscriptionGroupID", &problems)
    }
    product.introductoryOffer = StoreKitOfferReader.introductoryOffer(fields, &problems)
    product.promotionalOffers = StoreKitPromotionalOfferReader.promotionalOffers(fields, &problems)
    product.winBackOffers = StoreKitRedemptionOfferReader.winBackOffers(fields, &problems)
    product.offerCodes = StoreKitRedemptionOfferReader.offerCodes(fields, subscription: true, &problems)
    product.billingPlans = StoreKitOfferReader.billingPlans(
      fields, price: fields["displayPrice"], period: product.subscriptionPeriod, &problems)
  }
}
