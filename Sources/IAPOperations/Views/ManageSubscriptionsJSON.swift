import IAPCore
import IAPFormats
import IAPKit

/// The manage-subscriptions sheet as JSON (`subscription manage --json`, the control plane):
/// `{"groups": [{"subscriptionGroup", "subscription", "plans"}]}`, the subscription as
/// `subscription status --json` shows it (null when the account never subscribed in the
/// group), the plans as `products list --json` shows products.
package enum ManageSubscriptionsJSON {
  package static func document(_ sheet: ManageSubscriptionsSheet) -> JSONValue {
    let products = ProductJSON(catalog: sheet.catalog, locale: sheet.locale, currency: sheet.currency)
    return .object([
      (
        "groups",
        .array(sheet.groups.map { group in
          .object([
            ("subscriptionGroup", .string(group.id)),
            ("subscription", group.subscription.map { SubscriptionJSON.object($0) } ?? .null),
            ("plans", .array(group.plans.map(products.object))),
          ])
        })
      )
    ])
  }
}
