#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats
import IAPSystem

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
  /// `Product.maximumPrice`; 4: promotional offers; 5: each product's place in the catalog,
  /// for `products list`; 6: win-back offers and offer codes; 7: billing plans), so that a cache written by an older iap is rebuilt, not trusted.
  static let magic = "iap-catalog-cache 7\n"

  /// What identifies one version of a catalog file.
  package struct Key: Equatable {
    var values: [Int64]
    /// The newest of the catalog's change times, in nanoseconds.
    var changed: Int64

    /// The key of the file at `path`; nil when it cannot be `stat`ed (the caller's full read
    /// reports why).
    package init?(path: String) {
      guard let st = try? FileStatus(path: path, followingLinks: true), st.kind == .regular else { return nil }
      let m = st.modified, c = st.changed
      values = [
        Int64(bitPattern: st.device), Int64(bitPattern: st.inode), Int64(st.size), m.seconds, m.nanoseconds,
        c.seconds, c.nanoseconds,
      ]
      changed = max(m.seconds * 1_000_000_000 + m.nanoseconds, c.seconds * 1_000_000_000 + c.nanoseconds)
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
    // Sixteen hex digits by hand: `String(_:radix:)` runs generic code (docs/performance.md, "Shapes kept for start-up").
    let digits = Array("0123456789abcdef".utf8)
    var name = Array("catalog-".utf8)
    for shift in stride(from: 60, through: 0, by: -4) { name.append(digits[Int((hash >> UInt64(shift)) & 0xF)]) }
    return String(decoding: name, as: UTF8.self) + ".cache"
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
    mapped(file) { bytes in
      guard let (catalog, warnings, productsStart) = header(bytes, catalogPath: catalogPath, displayPath: displayPath, key: key)
      else { return nil }
      var hit = Hit(product: nil, catalog: catalog, warnings: warnings)
      guard let line = find(Array(id.utf8), in: bytes, from: productsStart, to: bytes.count - 4) else { return hit }
      guard let json = try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[line])), let product = decode(json), product.id == id else {
        return nil
      }
      hit.product = product
      return hit
    }
  }

  /// `body` over the bytes of the cache at `file`, mapped; nil when it cannot be read.
  static func mapped<T>(_ file: String, _ body: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
    let fd: Int32
    // Non-blocking: a FIFO planted in its place must not hang the command (mmap refuses it).
    do { fd = try POSIXFile.open(file, [.readOnly, .nonBlocking]) } catch { return nil }
    defer { POSIXFile.close(fd) }
    guard let size = try? POSIXFile.size(fd, path: file), size > magic.utf8.count, size < Int(Int32.max) else { return nil }
    return MappedFile.withBytes(of: fd, size: size, body)
  }

  /// The catalog's fields and its warnings (for `displayPath`) from a cache made for
  /// `catalogPath` at `key`, whole, and where its product lines start; nil otherwise.
  static func header(
    _ bytes: UnsafeBufferPointer<UInt8>, catalogPath: String, displayPath: String, key: Key
  ) -> (Catalog, [String], Int)? {
    guard bytes.starts(with: magic.utf8), bytes.count >= 4, bytes[(bytes.count - 4)...].elementsEqual("end\n".utf8)
    else { return nil }
    let headerStart = magic.utf8.count
    guard let headerEnd = bytes[headerStart...].firstIndex(of: 0x0A),
      let header = try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[headerStart..<headerEnd])),
      header["catalog"]?.stringValue == catalogPath,
      let stored = header["key"]?.arrayValue, stored.count == key.values.count,
      zip(stored, key.values).allSatisfy({ $0.intValue == $1 }),
      header["length"]?.intValue == Int64(bytes.count),
      let madeFor = header["displayPath"]?.stringValue,
      let warnings = header["warnings"]?.arrayValue?.compactMap(\.stringValue),
      let catalog = header["catalog-fields"].flatMap(decodeFields)
    else { return nil }
    return (catalog, warnings.map { reprefix($0, from: madeFor, to: displayPath) }, headerEnd + 1)
  }

  /// The JSON of the product line `id<TAB>{…}` among the sorted lines in `start..<end`.
  private static func find(_ id: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range<Int>? {
    guard let line = bytes.sortedLine(key: id, separator: 0x09, in: start..<end), line.count > id.count else { return nil }
    return (line.lowerBound + id.count + 1)..<line.upperBound
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
    let order = catalog.products.indices.sorted { catalog.products[$0].id.utf8.lexicographicallyPrecedes(catalog.products[$1].id.utf8) }
    for position in order {
      let product = catalog.products[position]
      var json = encode(product)
      if case let .object(members) = json { json = .object([("position", .int(Int64(position)))] + members) }
      body += product.id + "\t" + JSONWriter.compact(json) + "\n"
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
    let temporary = name + ".\(CurrentProcess.id).tmp"
    try? folder.unlink(temporary)
    do {
      let fd = try folder.open(temporary, [.writeOnly, .create, .exclusive])
      defer { POSIXFile.close(fd) }
      try POSIXFile.write(fd, Array(text.utf8), at: 0, path: folder.path(temporary))
      try POSIXFile.sync(fd, path: folder.path(temporary))
      try folder.rename(temporary, to: name)
    } catch {
      try? folder.unlink(temporary)
    }
  }
}
