#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import IAPCore

/// A compiled copy of a valid catalog, kept in the state folder, from which `buy` reads the
/// one product it needs instead of parsing the whole property list.
///
/// Parsing and validating a 10,000-product catalog takes far longer than the rest of a
/// purchase, and a purchase needs one product. The cache is one file per catalog path:
///
///     iap-catalog-cache 1
///     {"catalog": PATH, "key": [dev, inode, size, mtime s, ns, ctime s, ns], "length": BYTES,
///      "displayPath": …, "warnings": [...]}
///     ID<TAB>{product as JSON}      one line per product, sorted by the bytes of the id
///     end
///
/// Lookups map the file and binary-search the product lines. The key is the catalog's
/// identity and change times: any write to the catalog changes its ctime, so a key that
/// still matches means the same bytes, provided the catalog had not changed within the file
/// system's timestamp granularity before it was cached (`isSettled`). A cache that is
/// missing, stale, truncated or damaged is a miss, never an error: the caller parses the
/// catalog, which also keeps "invalid catalog: exit 65 with every problem" exactly as it was
/// (only valid catalogs are cached). It is written to a unique temporary file, fsynced and
/// renamed into place, so readers need no lock and a crash leaves the old file or the new.
package enum CatalogCache {
  /// The format and its validation rules: bumped when either changes (3: prices bounded by
  /// `Product.maximumPrice`; 4: promotional offers), so that a cache written by an older iap
  /// is rebuilt, not trusted.
  static let magic = "iap-catalog-cache 4\n"

  /// What identifies one version of a catalog file.
  package struct Key: Equatable {
    var values: [Int64]
    /// The newest of the catalog's change times, in nanoseconds.
    var changed: Int64

    /// The key of the file at `path`; nil when it cannot be `stat`ed (the caller's full read
    /// reports why).
    package init?(path: String) {
      var st = stat()
      guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
      #if canImport(Darwin)
        let m = st.st_mtimespec, c = st.st_ctimespec
      #else
        let m = st.st_mtim, c = st.st_ctim
      #endif
      values = [
        Int64(st.st_dev), Int64(st.st_ino), Int64(st.st_size), Int64(m.tv_sec), Int64(m.tv_nsec),
        Int64(c.tv_sec), Int64(c.tv_nsec),
      ]
      changed = max(Int64(m.tv_sec) * 1_000_000_000 + Int64(m.tv_nsec), Int64(c.tv_sec) * 1_000_000_000 + Int64(c.tv_nsec))
    }

    init(values: [Int64], changed: Int64) {
      self.values = values
      self.changed = changed
    }

    /// Whether the catalog last changed long enough ago that a later change cannot carry the
    /// same timestamps (file systems stamp with a coarse clock).
    package func isSettled(now: Timestamp) -> Bool {
      now.milliseconds * 1_000_000 - changed >= 2_000_000_000
    }
  }

  /// The cache file's name in the state folder, for the catalog at `catalogPath` (absolute).
  package static func fileName(catalogPath: String) -> String {
    // FNV-1a of the path: a stable name without the path's slashes.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in catalogPath.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(hash, radix: 16)
    return "catalog-" + String(repeating: "0", count: 16 - hex.count) + hex + ".cache"
  }

  /// What a lookup found: the product (nil if the catalog has no such id), the catalog's
  /// own fields and settings (without its products), and its warnings, as the full read
  /// would print them for `displayPath`.
  package struct Hit {
    package var product: Product?
    package var catalog: Catalog
    package var warnings: [String]
  }

  // MARK: - Reading

  /// Looks `id` up in the cache at `file`; nil when the cache cannot be used.
  package static func lookup(
    _ id: String, catalogPath: String, displayPath: String, key: Key, file: String
  ) -> Hit? {
    let fd: Int32
    // Non-blocking: a FIFO planted in its place must not hang the command (mmap refuses it).
    do { fd = try POSIXFile.open(file, O_RDONLY | O_NONBLOCK) } catch { return nil }
    defer { close(fd) }
    guard let size = try? POSIXFile.size(fd, path: file), size > magic.utf8.count, size < Int(Int32.max),
      let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED
    else { return nil }
    defer { munmap(base, size) }
    let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
    return read(bytes, id: id, catalogPath: catalogPath, displayPath: displayPath, key: key)
  }

  private static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, id: String, catalogPath: String, displayPath: String, key: Key
  ) -> Hit? {
    guard bytes.starts(with: magic.utf8), bytes.count >= 4, bytes[(bytes.count - 4)...].elementsEqual("end\n".utf8)
    else { return nil }
    let headerStart = magic.utf8.count
    guard let headerEnd = bytes[headerStart...].firstIndex(of: 0x0A),
      let header = try? JSONParser.parse(Array(bytes[headerStart..<headerEnd])),
      header["catalog"]?.stringValue == catalogPath,
      header["key"]?.arrayValue?.compactMap(\.intValue) == key.values,
      header["length"]?.intValue == Int64(bytes.count),
      let madeFor = header["displayPath"]?.stringValue,
      let warnings = header["warnings"]?.arrayValue?.compactMap(\.stringValue),
      let catalog = header["catalog-fields"].flatMap(decodeFields)
    else { return nil }
    var hit = Hit(product: nil, catalog: catalog, warnings: warnings.map { reprefix($0, from: madeFor, to: displayPath) })
    guard let line = find(Array(id.utf8), in: bytes, from: headerEnd + 1, to: bytes.count - 4) else { return hit }
    guard let json = try? JSONParser.parse(Array(bytes[line])), let product = decode(json), product.id == id else {
      return nil
    }
    hit.product = product
    return hit
  }

  /// Binary search for the line `id<TAB>…` among sorted lines in `start..<end`; returns the
  /// range of the JSON after the tab.
  private static func find(_ id: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range<Int>? {
    var low = start, high = end  // [low, high) holds whole lines
    while low < high {
      // The line that contains the middle byte.
      var lineStart = low + (high - low) / 2
      while lineStart > low, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
      guard let lineEnd = bytes[lineStart..<high].firstIndex(of: 0x0A),
        let tab = bytes[lineStart..<lineEnd].firstIndex(of: 0x09)
      else { return nil }
      let name = bytes[lineStart..<tab]
      if name.elementsEqual(id) { return (tab + 1)..<lineEnd }
      if name.lexicographicallyPrecedes(id) { low = lineEnd + 1 } else { high = lineStart }
    }
    return nil
  }

  /// A warning made for one display path, shown for another.
  private static func reprefix(_ warning: String, from old: String, to new: String) -> String {
    guard old != new, warning.hasPrefix(old + ": ") else { return warning }
    return new + warning.dropFirst(old.count)
  }

  // MARK: - Writing

  /// Writes the cache for a valid catalog; failures are ignored (the cache is an
  /// optimization, and the next command parses the catalog again).
  package static func write(
    _ catalog: Catalog, warnings: [String], catalogPath: String, displayPath: String, key: Key, in folder: Folder, name: String
  ) {
    var body = ""
    for product in catalog.products.sorted(by: { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }) {
      body += product.id + "\t" + JSONWriter.compact(encode(product)) + "\n"
    }
    body += "end\n"
    // The header records the file's total length, which depends on the header's own length.
    var length = 0
    var text = ""
    for _ in 0..<3 {
      let header = JSONValue.object([
        ("catalog", .string(catalogPath)), ("key", .array(key.values.map(JSONValue.int))),
        ("length", .int(Int64(length))), ("displayPath", .string(displayPath)),
        ("warnings", .array(warnings.map(JSONValue.string))),
        ("catalog-fields", encodeFields(catalog)),
      ])
      text = magic + JSONWriter.compact(header) + "\n" + body
      if text.utf8.count == length { break }
      length = text.utf8.count
    }
    guard text.utf8.count == length else { return }
    // Written without the state's lock, so each process has a temporary name of its own,
    // made afresh (`O_EXCL`) in the state folder itself.
    let temporary = name + ".\(getpid()).tmp"
    try? folder.unlink(temporary)
    do {
      let fd = try folder.open(temporary, O_WRONLY | O_CREAT | O_EXCL)
      defer { close(fd) }
      try POSIXFile.write(fd, Array(text.utf8), at: 0, path: folder.path(temporary))
      try POSIXFile.sync(fd, path: folder.path(temporary))
      try folder.rename(temporary, to: name)
    } catch {
      try? folder.unlink(temporary)
    }
  }

  // MARK: - The catalog's own fields and products as JSON

  /// Everything of the catalog but its products: what purchases and settings need.
  static func encodeFields(_ c: Catalog) -> JSONValue {
    .object([
      ("bundleId", .string(c.bundleId)), ("storefront", .string(c.storefront)), ("locale", .string(c.locale)),
      ("currency", .optional(c.currency)), ("sharedSecret", .optional(c.sharedSecret)),
      ("settings", .array(c.settings.entries.map { .array([.string($0.name), .string($0.value)]) })),
    ])
  }

  static func decodeFields(_ json: JSONValue) -> Catalog? {
    guard let bundleId = json["bundleId"]?.stringValue, let storefront = json["storefront"]?.stringValue,
      let locale = json["locale"]?.stringValue, let entries = json["settings"]?.arrayValue
    else { return nil }
    var catalog = Catalog(bundleId: bundleId, storefront: storefront, locale: locale, currency: json["currency"]?.stringValue)
    catalog.sharedSecret = json["sharedSecret"]?.stringValue
    for entry in entries {
      guard let pair = entry.arrayValue, pair.count == 2, let name = pair[0].stringValue, let value = pair[1].stringValue,
        CatalogSettings.names.contains(name)
      else { return nil }
      catalog.settings.set(name, value)
    }
    return catalog
  }

  static func encode(_ p: Product) -> JSONValue {
    let localizations = p.localizations.keys.sorted().map { locale in
      (locale, JSONValue.object([
        ("title", .string(p.localizations[locale]!.title)),
        ("description", .string(p.localizations[locale]!.description)),
      ]))
    }
    return .object([
      ("id", .string(p.id)), ("type", .string(p.type.rawValue)), ("title", .string(p.title)),
      ("description", .string(p.description)), ("price", .string(p.priceText)),
      ("referenceName", .optional(p.referenceName)), ("clearedForSale", .bool(p.clearedForSale)),
      ("familyShareable", .bool(p.familyShareable)), ("localizations", .object(localizations)),
      ("subscriptionGroup", .optional(p.subscriptionGroup)),
      ("subscriptionPeriod", .optional(p.subscriptionPeriod?.rawValue)),
      ("groupLevel", p.groupLevel.map { .int(Int64($0)) } ?? .null),
      ("content", .optional(p.content)),
      ("introductoryOffer", p.introductoryOffer.map(encodeOffer) ?? .null),
      ("promotionalOffers", .array(p.promotionalOffers.map { offer in
        .object([("id", .string(offer.id))] + (encodeOffer(offer.terms).objectValue ?? []))
      })),
    ])
  }

  private static func encodeOffer(_ offer: IntroductoryOffer) -> JSONValue {
    .object([
      ("paymentMode", .string(offer.paymentMode.rawValue)), ("period", .string(offer.period.iso8601)),
      ("numberOfPeriods", .int(Int64(offer.numberOfPeriods))), ("price", .optional(offer.price.map { "\($0)" })),
    ])
  }

  private static func decodeOffer(_ value: JSONValue) -> IntroductoryOffer? {
    guard let mode = value["paymentMode"]?.stringValue.flatMap(IntroductoryOffer.PaymentMode.init(rawValue:)),
      let offerPeriod = value["period"]?.stringValue.flatMap(OfferPeriod.init(iso8601:)),
      let count = value["numberOfPeriods"]?.intValue
    else { return nil }
    return IntroductoryOffer(
      paymentMode: mode, period: offerPeriod, numberOfPeriods: Int(count),
      price: value["price"]?.stringValue.flatMap { Decimal(string: $0) })
  }

  static func decode(_ json: JSONValue) -> Product? {
    guard let id = json["id"]?.stringValue, let type = json["type"]?.stringValue.flatMap(ProductType.init(rawValue:)),
      let title = json["title"]?.stringValue, let description = json["description"]?.stringValue,
      let priceText = json["price"]?.stringValue, let price = Decimal(string: priceText),
      let cleared = json["clearedForSale"]?.boolValue, let shareable = json["familyShareable"]?.boolValue,
      let localizationList = json["localizations"]?.objectValue
    else { return nil }
    var localizations: [String: Product.Localization] = [:]
    for (locale, value) in localizationList {
      guard let title = value["title"]?.stringValue, let description = value["description"]?.stringValue else { return nil }
      localizations[locale] = Product.Localization(title: title, description: description)
    }
    let period = json["subscriptionPeriod"]?.stringValue
    var offer: IntroductoryOffer?
    if let value = json["introductoryOffer"], value != .null {
      guard let decoded = decodeOffer(value) else { return nil }
      offer = decoded
    }
    var promotional: [PromotionalOffer] = []
    for value in json["promotionalOffers"]?.arrayValue ?? [] {
      guard let id = value["id"]?.stringValue, let terms = decodeOffer(value) else { return nil }
      promotional.append(PromotionalOffer(id: id, terms: terms))
    }
    var product = Product(
      id: id, type: type, title: title, description: description, price: price,
      referenceName: json["referenceName"]?.stringValue, clearedForSale: cleared, familyShareable: shareable,
      localizations: localizations, subscriptionGroup: json["subscriptionGroup"]?.stringValue,
      subscriptionPeriod: period.flatMap(SubscriptionPeriod.init(rawValue:)),
      groupLevel: json["groupLevel"]?.intValue.map { Int($0) })
    product.introductoryOffer = offer
    product.promotionalOffers = promotional
    product.content = json["content"]?.stringValue
    // The cache wrote the price's description, so it can be handed over as it is.
    return product.withPriceText(priceText)
  }
}
