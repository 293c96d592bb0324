import Foundation
import Testing

/// `.storekit` files written for these tests, in the shape Xcode writes them.
package enum StoreKitFixtures {
  /// A version 4 file with every kind of product, two localizations, an introductory offer
  /// and a full set of settings.
  package static let shop = """
    {
      "identifier" : "C0FFEE42",
      "nonRenewingSubscriptions" : [
        {
          "displayPrice" : "19.99",
          "familyShareable" : false,
          "internalID" : "3",
          "localizations" : [
            { "description" : "A season of play.", "displayName" : "Season Pass", "locale" : "en_US" }
          ],
          "productID" : "com.shop.season",
          "referenceName" : "Season",
          "type" : "NonRenewingSubscription"
        }
      ],
      "products" : [
        {
          "displayPrice" : "0.99",
          "familyShareable" : false,
          "internalID" : "1",
          "localizations" : [
            { "description" : "Fifty gems.", "displayName" : "Gems", "locale" : "en_US" },
            { "description" : "Cinquante gemmes.", "displayName" : "Gemmes", "locale" : "fr_FR" }
          ],
          "productID" : "com.shop.gems",
          "referenceName" : "Gems 50",
          "type" : "Consumable"
        },
        {
          "displayPrice" : "29",
          "familyShareable" : true,
          "internalID" : "2",
          "localizations" : [
            { "description" : "Every level, for good.", "displayName" : "Unlock All", "locale" : "en_US" }
          ],
          "productID" : "com.shop.unlock",
          "referenceName" : "",
          "type" : "NonConsumable"
        }
      ],
      "settings" : {
        "_askToBuyEnabled" : true,
        "_billingGracePeriodEnabled" : true,
        "_billingIssuesEnabled" : false,
        "_failTransactionsEnabled" : false,
        "_locale" : "fr_FR",
        "_renewalBillingIssuesEnabled" : true,
        "_storefront" : "FRA",
        "_storeKitErrors" : [
          { "current" : null, "enabled" : true, "name" : "Load Products" },
          { "current" : null, "enabled" : false, "name" : "Purchase" },
          { "current" : null, "enabled" : false, "name" : "Verification" }
        ],
        "_timeRate" : 13
      },
      "subscriptionGroups" : [
        {
          "id" : "21000001",
          "localizations" : [

          ],
          "name" : "Pro",
          "subscriptions" : [
            {
              "adHocOffers" : [

              ],
              "codeOffers" : [

              ],
              "displayPrice" : "4.99",
              "familyShareable" : true,
              "groupNumber" : 2,
              "internalID" : "4",
              "introductoryOffer" : {
                "internalID" : "5",
                "numberOfPeriods" : 1,
                "paymentMode" : "free",
                "subscriptionPeriod" : "P2W"
              },
              "localizations" : [
                { "description" : "Pro, monthly.", "displayName" : "Pro Monthly", "locale" : "en_US" }
              ],
              "productID" : "com.shop.pro.monthly",
              "recurringSubscriptionPeriod" : "P1M",
              "referenceName" : "Pro Monthly",
              "subscriptionGroupID" : "21000001",
              "type" : "RecurringSubscription"
            },
            {
              "adHocOffers" : [

              ],
              "codeOffers" : [

              ],
              "displayPrice" : "39.99",
              "familyShareable" : false,
              "groupNumber" : 1,
              "internalID" : "6",
              "introductoryOffer" : {
                "displayPrice" : "9.99",
                "internalID" : "7",
                "numberOfPeriods" : 3,
                "paymentMode" : "payAsYouGo",
                "subscriptionPeriod" : "P1M"
              },
              "localizations" : [
                { "description" : "Pro, yearly.", "displayName" : "Pro Yearly", "locale" : "en_US" }
              ],
              "productID" : "com.shop.pro.yearly",
              "recurringSubscriptionPeriod" : "P1Y",
              "referenceName" : "Pro Yearly",
              "subscriptionGroupID" : "21000001",
              "type" : "RecurringSubscription"
            }
          ]
        },
        {
          "id" : "21000002",
          "localizations" : [

          ],
          "name" : "",
          "subscriptions" : [
            {
              "displayPrice" : "1.99",
              "familyShareable" : false,
              "internalID" : "8",
              "introductoryOffer" : null,
              "localizations" : [
                { "description" : "Weekly tips.", "displayName" : "Tips", "locale" : "en_US" }
              ],
              "productID" : "com.shop.tips.weekly",
              "recurringSubscriptionPeriod" : "P1W",
              "referenceName" : "Tips",
              "type" : "RecurringSubscription"
            }
          ]
        }
      ],
      "version" : {
        "major" : 4,
        "minor" : 0
      }
    }
    """

  /// A file with the given members at the root (each `"key" : value`), version 4.
  package static func file(_ members: String...) -> String {
    "{\n" + (members + [#""version" : { "major" : 4, "minor" : 0 }"#]).joined(separator: ",\n") + "\n}"
  }

  /// A product object of the `products` array.
  /// - Parameter localizations: the array's elements; by default one en_US localization.
  package static func product(
    _ id: String, type: String = "Consumable", price: String = #""0.99""#, localizations: String? = nil, extra: String = ""
  ) -> String {
    let copy = localizations ?? #"{ "description" : "About \#(id)", "displayName" : "Title of \#(id)", "locale" : "en_US" }"#
    return """
      { "displayPrice" : \(price), "familyShareable" : false, "internalID" : "1", "localizations" : [ \(copy) ], \
      "productID" : "\(id)", "referenceName" : "\(id)", "type" : "\(type)"\(extra) }
      """
  }

  /// A subscription object of a group's `subscriptions` array.
  package static func subscription(_ id: String, period: String = #""P1M""#, extra: String = "") -> String {
    product(id, type: "RecurringSubscription", price: #""2.99""#, extra: #", "recurringSubscriptionPeriod" : \#(period), "groupNumber" : 1"# + extra)
  }

  /// A root with one subscription group holding `subscriptions`.
  package static func group(_ subscriptions: String..., name: String = "Group") -> String {
    #""subscriptionGroups" : [ { "id" : "G1", "localizations" : [], "name" : "\#(name)", "subscriptions" : [ \#(subscriptions.joined(separator: ", ")) ] } ]"#
  }

  /// The `.storekit` files of `Tests/Fixtures/storekit` (Xcode-written files from public
  /// projects, and files in the shapes of older versions: Tests/Fixtures/NOTICE.md).
  package static var files: [String] {
    let folder = Repository.fixture("storekit")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".storekit") }.sorted().map { folder + "/" + $0 }
  }

  /// The fixture named `name`: a test that needs it fails, naming it, when it is missing.
  package static func fixture(named name: String) throws -> String {
    try #require(files.first { $0.hasSuffix("/" + name) }, "Tests/Fixtures/storekit/\(name) is missing")
  }
}
