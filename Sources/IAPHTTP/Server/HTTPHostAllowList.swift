#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `Host` values a server answers to: its defence against DNS rebinding, where a page on
/// another site re-points its own name at 127.0.0.1 and so reaches a server on loopback with
/// the browser's blessing (same origin, to the browser). Such a request always carries the
/// attacker's name in `Host`, so a server that answers only to the names it is known by, and
/// to addresses, never serves it.
///
/// Loopback names and addresses are always answered (`localhost`, `127.x.x.x`, `[::1]`, with
/// or without a port); `names` adds others; `anyAddress` adds every IP address (for a server
/// reachable beyond loopback, whose clients use whichever address reaches it); `*` in `names`
/// answers every `Host`.
package struct HTTPHostAllowList: Equatable, Sendable {
  /// The names answered besides loopback ones: lowercased, without port, IPv6 bracketed.
  package let names: Set<String>
  /// Whether an IP address in `Host` is answered, whichever it is.
  package let anyAddress: Bool
  /// Whether every `Host` is answered (`*` among the names): no rebinding defence.
  package let anyHost: Bool

  package init(names: [String] = [], anyAddress: Bool = false) {
    var set = Set<String>()
    for name in names { set.insert(Self.normalized(name)) }
    anyHost = set.contains("*")
    set.remove("*")
    self.names = set
    self.anyAddress = anyAddress
  }

  /// Whether a request with this `Host` value is answered. A request without one (HTTP/1.0's;
  /// the parser refuses an HTTP/1.1 request without) is: no browser sends one.
  package func allows(_ host: String?) -> Bool {
    guard let host, !anyHost else { return true }
    guard let name = Self.name(ofHost: host) else { return false }
    // The page's own requests, by far the most, are answered before anything is allocated.
    if name == "127.0.0.1" || name == "localhost" || name == "[::1]" { return true }
    if Self.isLoopback(name) { return true }
    if anyAddress && Self.isAddress(name) { return true }
    return !names.isEmpty && names.contains(name.lowercased())
  }

  /// The name part of a `Host` value (`localhost` of `localhost:8080`, `[::1]` of
  /// `[::1]:8080`), or nil when the value is not `name[:port]`.
  package static func name(ofHost host: String) -> Substring? {
    let text = Substring(host)
    let end: Substring.Index
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return nil }
      end = text.index(after: close)
    } else {
      end = text.firstIndex(of: ":") ?? text.endIndex
    }
    let name = text[..<end]
    let rest = text[end...]
    guard !name.isEmpty, rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCIIDigit)) else { return nil }
    return name
  }

  /// Whether `name` (a host as `Host` or `--host` gives it, IPv6 bracketed or not) is
  /// `localhost` or a loopback address: 127.0.0.0/8 or ::1.
  package static func isLoopback(_ name: some StringProtocol) -> Bool {
    if HTTPHeaders.same(name, "localhost") { return true }
    let literal = unbracketed(name)
    var v4 = in_addr()
    if inet_pton(AF_INET, String(literal), &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, String(literal), &v6) == 1 else { return false }
    return withUnsafeBytes(of: v6) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
  }

  /// Whether `name` is an IPv4 or IPv6 address (IPv6 bracketed or not), not a name.
  package static func isAddress(_ name: some StringProtocol) -> Bool {
    let literal = String(unbracketed(name))
    var v4 = in_addr()
    var v6 = in6_addr()
    return inet_pton(AF_INET, literal, &v4) == 1 || inet_pton(AF_INET6, literal, &v6) == 1
  }

  /// `name` as `Host` carries it: lowercased, an IPv6 address bracketed.
  private static func normalized(_ name: String) -> String {
    let lower = name.lowercased()
    return lower.contains(":") && !lower.hasPrefix("[") ? "[\(lower)]" : lower
  }

  private static func unbracketed<S: StringProtocol>(_ name: S) -> S.SubSequence {
    name.hasPrefix("[") && name.hasSuffix("]") ? name.dropFirst().dropLast() : name[...]
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
