import IAPCore
import IAPFormats

/// Reads an Xcode StoreKit configuration file (`.storekit`, JSON, versions 1 to 5) into the
/// same `Catalog` a `catalog.plist` gives, reporting every problem in the same one-line form,
/// and warning about everything it cannot map.
///
/// Apple publishes no schema; the format is read as Xcode writes it, from real files of
/// versions 1.1 to 5.0: `products` and `nonRenewingSubscriptions` are arrays of products,
/// `subscriptionGroups[].subscriptions[]` the auto-renewable ones, and `settings` the test
/// environment's options.
package enum StoreKitConfigurationLoader {
  /// The newest format version this reader knows.
  package static let newestMajorVersion: Int64 = 5

  static let rootKeys: Set<String> = [
    "identifier", "nonRenewingSubscriptions", "products", "settings", "subscriptionGroups", "version",
    "subscriptionOffersKeyPair", "appPolicies",
  ]
  static let groupKeys: Set<String> = ["id", "localizations", "name", "subscriptions"]
  /// Root keys read but not mapped, and what they hold.
  static let unmapped: [(String, String)] = [
    ("subscriptionOffersKeyPair", "the key that signs promotional offers"), ("appPolicies", "the EULA and privacy policy"),
  ]

  /// Parses and validates `.storekit` bytes.
  package static func parse(_ bytes: [UInt8], displayPath: String) throws(CatalogError) -> CatalogLoader.Loaded {
    var problems = CatalogProblems(file: displayPath)
    let catalog = read(bytes, &problems)
    if !problems.errors.isEmpty { throw .catalogInvalid(path: displayPath, problems: problems.errors + problems.warnings) }
    return CatalogLoader.Loaded(catalog: catalog!, warnings: problems.warnings)
  }

  /// Parses the JSON (after an optional UTF-8 byte-order mark) and validates it.
  static func read(_ bytes: [UInt8], _ problems: inout CatalogProblems) -> Catalog? {
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    do {
      return validate(try JSONParser.parse(text), &problems)
    } catch {
      let (line, column) = position(of: error.offset, in: text)
      problems.error("not valid JSON: line \(line), column \(column): \(error.reason)", at: nil)
      return nil
    }
  }

  static func validate(_ root: JSONValue, _ problems: inout CatalogProblems) -> Catalog? {
    guard let top = StoreKitFields(root, item: nil, expecting: "a JSON object at the root", &problems) else { return nil }
    top.warnUnknown(rootKeys, &problems)
    checkVersion(top, &problems)
    _ = top.string("identifier", nonEmpty: false, &problems)
    var catalog = Catalog()
    if let value = top["settings"], let settings = top.nested(value, key: "settings", expecting: "an object", &problems) {
      StoreKitSettingsReader.read(settings, into: &catalog, &problems)
    }
    for (key, what) in unmapped where top[key]?.hasContent == true {
      top.warning("\(what), not mapped (ignored)", key: key, &problems)
    }

    var firstPlace: [String: String] = [:]
    func add(_ value: JSONValue, item: String, section: StoreKitProductReader.Section) {
      guard let product = StoreKitProductReader.read(value, item: item, section: section, locale: catalog.locale, &problems)
      else { return }
      if let previous = firstPlace[product.id] {
        problems.error("duplicate of \(previous)", at: item, id: product.id, key: "productID")
        return
      }
      firstPlace[product.id] = item
      catalog.products.append(product)
    }
    for (index, value) in (top.array("products", &problems) ?? []).enumerated() {
      add(value, item: "products[\(index)]", section: .products)
    }
    for (index, value) in (top.array("nonRenewingSubscriptions", &problems) ?? []).enumerated() {
      add(value, item: "nonRenewingSubscriptions[\(index)]", section: .nonRenewing)
    }
    for (groupIndex, value) in (top.array("subscriptionGroups", &problems) ?? []).enumerated() {
      let item = "subscriptionGroups[\(groupIndex)]"
      guard let group = StoreKitFields(value, item: item, expecting: "a subscription group object", &problems) else { continue }
      group.warnUnknown(groupKeys, &problems)
      // Xcode may leave the reference name empty; the group's id then names it.
      let id = group.string("id", nonEmpty: false, &problems).flatMap { $0.isEmpty ? nil : $0 }
      let given = group.string("name", nonEmpty: false, &problems)
      guard let name = given.flatMap({ $0.isEmpty ? nil : $0 }) ?? id else {
        if given != nil {
          group.error("empty, and no id to name the group instead", key: "name", &problems)
        } else if group["name"] == nil {
          group.missing("a non-empty string, or an id", key: "name", &problems)
        }
        continue
      }
      if let names = group.array("localizations", &problems), !names.isEmpty {
        group.warning("the group's display names are not mapped (ignored)", key: "localizations", &problems)
      }
      for (index, value) in (group.array("subscriptions", &problems) ?? []).enumerated() {
        add(value, item: "\(item).subscriptions[\(index)]", section: .subscriptions(group: name, groupID: id))
      }
    }
    return catalog
  }

  /// `version` is `{major, minor}`; a newer major version is read as well as possible.
  static func checkVersion(_ top: StoreKitFields, _ problems: inout CatalogProblems) {
    guard let value = top["version"] else {
      top.warning("missing; reading as version \(newestMajorVersion)", key: "version", &problems)
      return
    }
    guard case let .int(major)? = value["major"], case .int? = value["minor"] ?? .int(0), major >= 1 else {
      top.expected("{\"major\": N, \"minor\": N}", got: value, key: "version", &problems)
      return
    }
    if major > newestMajorVersion {
      top.warning(
        "\(major).\(value["minor"]?.intValue ?? 0) is newer than iap knows (1 to \(newestMajorVersion)); reading it anyway",
        key: "version", &problems)
    }
  }

  /// 1-based line and column (in bytes) of a byte offset, for JSON syntax errors.
  static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
    var line = 1
    var lineStart = 0
    for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    return (line, offset - lineStart + 1)
  }
}
