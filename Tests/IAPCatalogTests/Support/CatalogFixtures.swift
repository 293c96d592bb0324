import Foundation

/// Catalogs written as `catalog.plist` text, in the shape a user writes them, and the
/// repository's own.
enum CatalogFixtures {
  /// The repository's root folder.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `catalog.plist` at the repository's root: the catalog a user's first `iap` command finds.
  static var bundledPath: String { repository.appendingPathComponent("catalog.plist").path }

  /// A small catalog with each kind of product.
  static let standard = plist(products: [
    product("gems", "consumable", price: "<string>0.99</string>"),
    product("sword", "nonConsumable", price: "<string>4.99</string>"),
    product("shield", "nonConsumable", price: "<real>2.5</real>"),
    product("retired", "nonConsumable", price: "<integer>1</integer>", extra: "<key>clearedForSale</key><false/>"),
    product(
      "pro.monthly", "autoRenewable", price: "<string>9.99</string>",
      extra: "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>"),
    product("pass", "nonRenewing", price: "<string>19.99</string>"),
  ])

  /// A product dictionary in plist XML.
  static func product(_ id: String, _ type: String, price: String, extra: String = "") -> String {
    """
    <dict><key>id</key><string>\(id)</string><key>type</key><string>\(type)</string>\
    <key>title</key><string>Title of \(id)</string><key>description</key><string>About \(id)</string>\
    <key>price</key>\(price)\(extra)</dict>
    """
  }

  /// A catalog plist with these product dictionaries and extra top-level XML.
  static func plist(products: [String], top: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>\(top)<key>products</key><array>\(products.joined())</array></dict></plist>
    """
  }
}
