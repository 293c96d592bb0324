import Foundation

extension TestHarness {
  /// Writes bytes into the working folder, making the folders on the way.
  package func write(_ name: String, bytes: [UInt8]) {
    let path = directory + "/" + name
    try! FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
  }

  /// Writes text into the working folder, making the folders on the way.
  package func writeFile(_ name: String, _ text: String) { write(name, bytes: Array(text.utf8)) }

  /// Makes a folder (and its parents) in the working folder.
  package func makeFolder(_ name: String) {
    try! FileManager.default.createDirectory(atPath: directory + "/" + name, withIntermediateDirectories: true)
  }

  /// Makes a symbolic link `name` pointing at `target`.
  package func link(_ name: String, to target: String) {
    try! FileManager.default.createSymbolicLink(atPath: directory + "/" + name, withDestinationPath: target)
  }

  /// The bytes of a file in the working folder, or nil.
  package func bytes(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: directory + "/" + name).map { Array($0) }
  }

  /// Whether a file or folder of that name is in the working folder.
  package func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: directory + "/" + name) }

  /// `count` bytes that are not all the same, so that a misplaced chunk shows.
  package static func pattern(_ count: Int, seed: UInt8 = 7) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &+ $0 / 251) }
  }

  /// A standard content folder: `content/levels` with a nested file, an empty file, an empty
  /// folder and `size` bytes in `big.bin`.
  package func writeLevels(size: Int = 300_000) {
    writeFile("content/levels/a.txt", "hello\n")
    write("content/levels/big.bin", bytes: TestHarness.pattern(size))
    writeFile("content/levels/sub/b.txt", "world\n")
    writeFile("content/levels/zero", "")
    makeFolder("content/levels/empty")
  }

  /// The standard catalog plus `levels`, a non-consumable whose content is `content/levels`.
  package static let contentCatalog = plist(products: [
    product("gems", "consumable", price: "<string>0.99</string>"),
    product("sword", "nonConsumable", price: "<string>4.99</string>"),
    product("levels", "nonConsumable", price: "<string>1.99</string>", extra: "<key>content</key><string>content/levels</string>"),
    product("map", "nonConsumable", price: "<string>0.99</string>", extra: "<key>content</key><string>content/map.bin</string>"),
  ])
}
