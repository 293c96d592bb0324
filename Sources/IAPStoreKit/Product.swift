#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPFormats

/// A product as StoreKit 2's `Product` shows it, in the store's locale.
public struct Product: Sendable, Equatable, Identifiable {
  /// `Product.ProductType`.
  public enum ProductType: String, Sendable {
    case consumable, nonConsumable, autoRenewable, nonRenewable

    /// From the catalog's names (`nonRenewing` is StoreKit's `nonRenewable`).
    init?(catalogName: String) {
      switch catalogName {
      case "consumable": self = .consumable
      case "nonConsumable": self = .nonConsumable
      case "autoRenewable": self = .autoRenewable
      case "nonRenewing": self = .nonRenewable
      default: return nil
      }
    }

    /// From a signed transaction's `type` (`Auto-Renewable Subscription`, …).
    init?(appleName: String) {
      switch appleName {
      case "Consumable": self = .consumable
      case "Non-Consumable": self = .nonConsumable
      case "Auto-Renewable Subscription": self = .autoRenewable
      case "Non-Renewing Subscription": self = .nonRenewable
      default: return nil
      }
    }
  }

  /// `Product.SubscriptionInfo`, in brief.
  public struct SubscriptionInfo: Sendable, Equatable {
    public let subscriptionGroupID: String
    /// ISO 8601, like `P1M`.
    public let subscriptionPeriod: String
    public let introductoryOffer: SubscriptionOffer?
  }

  public let id: String
  public let type: ProductType
  public let displayName: String
  public let description: String
  public let price: Decimal
  public let displayPrice: String
  public let subscription: SubscriptionInfo?

  init?(_ json: JSONValue) {
    guard let id = json["id"]?.stringValue, let type = json["type"]?.stringValue.flatMap(ProductType.init(catalogName:)),
      let price = json["price"]?.stringValue.flatMap({ Decimal(string: $0) })
    else { return nil }
    self.id = id
    self.type = type
    displayName = json["title"]?.stringValue ?? ""
    description = json["description"]?.stringValue ?? ""
    self.price = price
    displayPrice = json["displayPrice"]?.stringValue ?? ""
    if let group = json["subscriptionGroup"]?.stringValue, let period = json["subscriptionPeriod"]?.stringValue {
      let offer = json["introductoryOffer"].flatMap(SubscriptionOffer.init)
      subscription = SubscriptionInfo(subscriptionGroupID: group, subscriptionPeriod: period, introductoryOffer: offer)
    } else {
      subscription = nil
    }
  }
}
