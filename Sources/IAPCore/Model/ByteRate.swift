/// A simulated bandwidth: how many bytes a second a download copies (`--rate 2MB/s`, the
/// `download-rate` setting).
package struct ByteRate: Equatable, Sendable {
  /// Bytes per second, at least 1.
  package var bytesPerSecond: Int

  /// What a download gets when nothing says otherwise: a good mobile connection.
  package static let standard = ByteRate(bytesPerSecond: 2_000_000)
  /// The fastest rate accepted: anything faster is no simulation.
  static let maximum = 100_000_000_000

  package init(bytesPerSecond: Int) { self.bytesPerSecond = bytesPerSecond }

  /// Units, longest spelling first so that `KiB` is not read as `K` + `iB`. K, M and G count
  /// in thousands, as network speeds do; KiB, MiB and GiB in 1024s.
  private static let units: [(name: String, factor: Int)] = [
    ("gib", 1 << 30), ("mib", 1 << 20), ("kib", 1 << 10), ("gb", 1_000_000_000), ("mb", 1_000_000), ("kb", 1_000),
    ("g", 1_000_000_000), ("m", 1_000_000), ("k", 1_000), ("b", 1),
  ]

  /// Reads `2MB/s`, `500KB/s`, `1.5MB/s`, `64KiB/s`, `100B/s` (case-insensitive; `/s` may be
  /// left out; a bare number is bytes); nil for anything else, zero, or more than 100GB/s.
  package init?(_ text: String) {
    var body = Substring(text.lowercased())
    if body.hasSuffix("/s") { body = body.dropLast(2) }
    var factor = 1
    for unit in Self.units where body.hasSuffix(unit.name) {
      factor = unit.factor
      body = body.dropLast(unit.name.count)
      break
    }
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), !parts[0].isEmpty, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      parts[0].count <= 12, parts.count == 1 || (1...6).contains(parts[1].count)
    else { return nil }
    // Integer arithmetic, so that 1.5MB/s is exactly 1,500,000.
    let whole = Int(parts[0])!
    var bytes = whole * factor
    if parts.count == 2 {
      let digits = parts[1]
      var scale = 1
      for _ in digits { scale *= 10 }
      bytes += Int(digits)! * factor / scale
    }
    guard bytes >= 1, bytes <= Self.maximum else { return nil }
    bytesPerSecond = bytes
  }

  /// The rate in the shortest exact spelling: `2MB/s`, `64KiB/s`, `1500B/s`.
  package var description: String {
    for (name, factor) in [("GB", 1_000_000_000), ("MB", 1_000_000), ("KB", 1_000), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
    where bytesPerSecond % factor == 0 {
      return "\(bytesPerSecond / factor)\(name)/s"
    }
    return "\(bytesPerSecond)B/s"
  }

  /// Seconds `bytes` take at this rate.
  package func seconds(for bytes: Int) -> Double { Double(bytes) / Double(bytesPerSecond) }
}
