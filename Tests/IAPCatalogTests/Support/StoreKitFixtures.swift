import Foundation
import Testing

/// `.storekit` files for the catalog's tests: written in the shape Xcode writes them, and
/// the ones kept in `Tests/Fixtures` (their origins in `Tests/Fixtures/NOTICE.md`).
enum StoreKitFixtures {
  /// `Tests/Fixtures/PATH`.
  static func fixturePath(_ path: String) -> String {
    CatalogFixtures.repository.appendingPathComponent("Tests/Fixtures/" + path).path
  }

  /// `Tests/Fixtures/shop.storekit`: a version 4 file with every kind of product, two
  /// localizations, an introductory offer and a full set of settings.
  static var shop: String {
    String(decoding: FileManager.default.contents(atPath: fixturePath("shop.storekit")) ?? Data(), as: UTF8.self)
  }

  /// A file with the given members at the root (each `"key" : value`), version 4.
  static func file(_ members: String...) -> String {
    "{\n" + (members + [#""version" : { "major" : 4, "minor" : 0 }"#]).joined(separator: ",\n") + "\n}"
  }

  /// A product object of the `products` array.
  /// - Parameter localizations: the array's elements; by default one en_US localization.
  static func product(
    _ id: String, type: String = "Consumable", price: String = #""0.99""#, localizations: String? = nil, extra: String = ""
  ) -> String {
    let copy = localizations ?? #"{ "description" : "About \#(id)", "displayName" : "Title of \#(id)", "locale" : "en_US" }"#
    return """
      { "displayPrice" : \(price), "familyShareable" : false, "internalID" : "1", "localizations" : [ \(copy) ], \
      "productID" : "\(id)", "referenceName" : "\(id)", "type" : "\(type)"\(extra) }
      """
  }

  /// A subscription object of a group's `subscriptions` array.
  static func subscription(_ id: String, period: String = #""P1M""#, extra: String = "") -> String {
    product(id, type: "RecurringSubscription", price: #""2.99""#, extra: #", "recurringSubscriptionPeriod" : \#(period), "groupNumber" : 1"# + extra)
  }

  /// A root with one subscription group holding `subscriptions`.
  static func group(_ subscriptions: String..., name: String = "Group") -> String {
    #""subscriptionGroups" : [ { "id" : "G1", "localizations" : [], "name" : "\#(name)", "subscriptions" : [ \#(subscriptions.joined(separator: ", ")) ] } ]"#
  }

  /// The `.storekit` files of `Tests/Fixtures/storekit` (Xcode-written files from public
  /// projects, and files in the shapes of older versions).
  static var files: [String] {
    let folder = fixturePath("storekit")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".storekit") }.sorted().map { folder + "/" + $0 }
  }

  /// The fixture named `name`: a test that needs it fails, naming it, when it is missing.
  static func fixture(named name: String) throws -> String {
    try #require(files.first { $0.hasSuffix("/" + name) }, "Tests/Fixtures/storekit/\(name) is missing")
  }
}
