import Foundation
import IAPTesting
import Testing

/// Binary plists built to attack the parser (endless nesting, cycles, sharing that expands
/// to more values than memory holds, references out of range) are refused like any other
/// malformed catalog (MalformedCatalogTests).
@Suite struct MalformedBinaryCatalogTests {
  let harness = TestHarness.game()
  var refusal: CatalogRefusal { CatalogRefusal(harness: harness) }

  /// A binary plist of `objects` (each already encoded, references 4 bytes wide) whose
  /// top object is `top`.
  static func bplist(_ objects: [[UInt8]], top: UInt64 = 0) -> [UInt8] {
    var body = Array("bplist00".utf8)
    var offsets: [UInt32] = []
    for object in objects {
      offsets.append(UInt32(body.count))
      body += object
    }
    let table = UInt64(body.count)
    for offset in offsets { body += bigEndian(offset) }
    return body + [UInt8](repeating: 0, count: 6) + [4, 4] + bigEndian(UInt64(objects.count)) + bigEndian(top) + bigEndian(table)
  }

  static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    (0..<T.bitWidth / 8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  /// An array of `references` (a marker 0xA0 + count, then 4-byte references).
  static func array(_ references: [UInt32]) -> [UInt8] {
    [0xA0 | UInt8(references.count)] + references.flatMap { bigEndian($0) }
  }

  static func binaryCatalog() throws -> [UInt8] {
    let catalog = try PropertyListSerialization.propertyList(from: Data(TestHarness.gameCatalog.utf8), format: nil)
    return Array(try PropertyListSerialization.data(fromPropertyList: catalog, format: .binary, options: 0))
  }

  @Test func truncated() throws {
    let binary = try Self.binaryCatalog()
    refusal.expectRefused("truncated-binary.plist", bytes: Array(binary.dropLast(40)), 65, "not a property list")
  }

  /// Object i is an array holding object i + 1.
  @Test func oneHundredThousandNestedArrays() {
    let n = 100_000
    let objects = (0..<n - 1).map { Self.array([UInt32($0 + 1)]) } + [[0x08]]
    refusal.expectRefused("deep-binary.plist", bytes: Self.bplist(objects), 65, "nested deeper than 100 levels")
  }

  @Test func anArrayHoldingItself() {
    refusal.expectRefused("cycle-binary.plist", bytes: Self.bplist([Self.array([0])]), 65, "reference cycle")
  }

  /// Each array holds the next one twice: 2^60 leaves from 61 objects.
  @Test func sharingThatExpandsToTwoToTheSixtyValues() {
    let objects: [[UInt8]] = (0..<60).map { (index: Int) -> [UInt8] in Self.array([UInt32(index + 1), UInt32(index + 1)]) } + [[0x09]]
    refusal.expectRefused("shared-binary.plist", bytes: Self.bplist(objects), 65, "more than 20000000 values")
  }

  @Test func aReferenceOutOfRange() {
    refusal.expectRefused("bad-refs-binary.plist", bytes: Self.bplist([Self.array([99])]), 65, "reference to object 99")
  }

  @Test func bplist00ThenRandomBytes() {
    let bytes = Array("bplist00".utf8) + (0..<4096).map { _ in UInt8.random(in: 0...255) }
    refusal.expectRefused("bplist-garbage.plist", bytes: bytes, 65, "not a property list")
  }
}
