import Foundation
import IAPTesting

/// The files the docs' examples name but do not show, made here so that each example prints
/// what it shows: written into an example's folder when its block names them.
enum DocumentationExampleFiles {
  /// Writes the files `example` names into `harness`'s folder.
  static func write(for example: DocumentationExample, into harness: TestHarness) {
    for (name, contents) in files where example.text.contains(name) { harness.write(name, contents) }
    // downloads.md's session assumes a catalog with hosted content: the bundled one and a
    // non-consumable whose `content` is a 3.0 MB file.
    if example.text.contains(levels) {
      var catalog = harness.read("catalog.plist")!
      catalog.insert(contentsOf: levelsProduct, at: catalog.range(of: "<array>")!.upperBound)
      harness.write("catalog.plist", catalog)
      try! FileManager.default.createDirectory(atPath: harness.directory + "/levels", withIntermediateDirectories: true)
      _ = FileManager.default.createFile(atPath: harness.directory + "/levels/levels.pack", contents: Data(count: 3_000_000))
    }
  }

  static let levels = "com.example.fakegame.levels"

  static let levelsProduct = TestHarness.product(
    levels, "nonConsumable", price: "<string>2.99</string>", extra: "<key>content</key><string>levels</string>")

  /// By name: docs/catalog.md's catalogs with the problems it shows.
  static let files = [
    "bad.plist": """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>products</key><array>
    <dict><key>id</key><string>com.x.apple</string><key>type</key><string>consumable</string><key>title</key><string>Apple</string><key>description</key><string>An apple.</string><key>price</key><string>0.99</string></dict>
    <dict><key>id</key><string>com.x.orange</string><key>type</key><string>consumable</string><key>title</key><string>Orange</string><key>description</key><string>An orange.</string><key>price</key><string>1.99</string></dict>
    <dict><key>id</key><string>com.x.pear</string><key>type</key><string>consumable</string><key>title</key><string>Pear</string><key>description</key><string>A pear.</string><key>price</key><string>abc</string></dict>
    <dict><key>type</key><string>consumable</string><key>title</key><string>Plum</string><key>description</key><string>A plum.</string><key>price</key><string>0.49</string></dict>
    </array></dict></plist>
    """,
    "Shop.storekit": """
    {
      "identifier" : "5A1E5000",
      "products" : [],
      "settings" : {},
      "subscriptionGroups" : [
        {
          "id" : "21000001",
          "localizations" : [],
          "name" : "Plus",
          "subscriptions" : [
            {
              "billingPlans" : [
                { "billingPlanType" : "BILLED_UPFRONT", "displayPrice" : "24.99" },
                { "billingPlanType" : "MONTHLY", "commitmentDisplayPrice" : "35.88", "displayPrice" : "2.99" }
              ],
              "displayPrice" : "29.99",
              "familyShareable" : false,
              "groupNumber" : 1,
              "internalID" : "1",
              "localizations" : [
                { "description" : "Plus, yearly.", "displayName" : "Plus", "locale" : "en_US" }
              ],
              "productID" : "com.x.plus",
              "recurringSubscriptionPeriod" : "P1Y",
              "referenceName" : "Plus",
              "subscriptionGroupID" : "21000001",
              "type" : "RecurringSubscription"
            },
            {
              "displayPrice" : "1.99",
              "familyShareable" : false,
              "groupNumber" : 2,
              "internalID" : "2",
              "localizations" : [
                { "description" : "Pro, fortnightly.", "displayName" : "Pro", "locale" : "en_US" }
              ],
              "productID" : "com.x.pro",
              "recurringSubscriptionPeriod" : "P2W",
              "referenceName" : "Pro",
              "subscriptionGroupID" : "21000001",
              "type" : "RecurringSubscription"
            }
          ]
        }
      ],
      "version" : { "major" : 4, "minor" : 0 }
    }
    """,
  ]
}
