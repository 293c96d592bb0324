import IAPSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// POSTs JSON bodies over plain HTTP/1.1: how notifications reach the user's server (a local
/// test server, as a rule).
///
/// Written on POSIX sockets rather than `URLSession`: FoundationNetworking brings libcurl,
/// which the fully static release executable cannot link, and nothing else needs it. `https`
/// is therefore not offered (a local proxy can terminate TLS).
package enum HTTPPoster {
  /// Why a request failed: in words, and as one of a few kinds a caller can act on or record.
  package struct Failure: Error {
    /// What went wrong, for a message.
    package var reason: String
    /// Which stage failed.
    package var kind = Kind.other

    /// The stage a request failed at.
    package enum Kind: Sendable {
      /// No answer (or not all of it) within the time allowed.
      case timedOut
      /// The host could not be resolved or reached.
      case socketIssue
      /// The connection closed before any answer.
      case noResponse
      /// The answer was not HTTP iap reads.
      case invalidResponse
      /// The connection broke during the exchange.
      case prematureClose
      /// An answer whose status is not 2xx.
      case unsuccessfulStatus
      /// Anything else: a URL that is not `http://`, say.
      case other
    }
  }

  /// The parts of an `http://host[:port]/path` URL.
  struct Target: Equatable {
    var host: String
    var port: String
    var path: String

    init(host: String, port: String, path: String) {
      self.host = host
      self.port = port
      self.path = path
    }

    init?(_ url: String) {
      guard url.lowercased().hasPrefix("http://") else { return nil }
      let rest = url.dropFirst(7)
      let authority = rest.prefix { $0 != "/" }
      let pathPart = rest.dropFirst(authority.count)
      path = pathPart.isEmpty ? "/" : String(pathPart)
      if authority.hasPrefix("[") {
        // An IPv6 literal: [::1]:8080
        guard let close = authority.firstIndex(of: "]") else { return nil }
        host = String(authority[authority.index(after: authority.startIndex)..<close])
        let after = authority[authority.index(after: close)...]
        port = after.hasPrefix(":") ? String(after.dropFirst()) : "80"
      } else if let colon = authority.lastIndex(of: ":") {
        host = String(authority[..<colon])
        port = String(authority[authority.index(after: colon)...])
      } else {
        host = String(authority)
        port = "80"
      }
      guard !host.isEmpty, !port.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }), path.allSatisfy({ $0 != " " && $0 != "\r" && $0 != "\n" })
      else { return nil }
    }

    /// The `Host` header's value: the host, an IPv6 address bracketed, and the port unless it
    /// is 80 (RFC 9110 §7.2), as a browser sends it, so that a server checking `Host` sees
    /// the name it was reached by.
    var authority: String {
      let name = host.contains(":") ? "[\(host)]" : host
      return port == "80" ? name : "\(name):\(port)"
    }
  }

  /// POSTs `body` to `url` and waits for a 2xx status: at most `timeout` seconds for each
  /// step, and never past `deadline`.
  package static func post(_ body: [UInt8], to url: String, timeout: Int = 5, deadline: Deadline) throws(Failure) {
    guard let target = Target(url) else { throw Failure(reason: "not an http:// URL: \(url)") }
    let fd = try connect(target, timeout: timeout, deadline: deadline)
    defer { close(fd) }
    let request = "POST \(target.path) HTTP/1.1\r\nHost: \(target.authority)\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(body.count)\r\nConnection: close\r\nUser-Agent: iap\r\n\r\n"
    try send(Array(request.utf8) + body, on: fd, timeout: timeout, deadline: deadline)
    let status = try readStatus(fd, timeout: timeout, deadline: deadline)
    guard (200..<300).contains(status) else { throw Failure(reason: "the server answered HTTP \(status)", kind: .unsuccessfulStatus) }
  }

  /// The failure of a round that ran out of `deadline`.
  static func outOfTime(_ deadline: Deadline) -> Failure {
    Failure(reason: "no answer within \(deadline.lengthMilliseconds / 1000) seconds for the whole delivery", kind: .timedOut)
  }

  /// Sets both socket timeouts to what is left of `deadline`, at most `timeout` seconds.
  static func limit(_ fd: Int32, timeout: Int, deadline: Deadline) throws(Failure) {
    guard !deadline.hasPassed else { throw outOfTime(deadline) }
    var limit = deadline.socketTimeout(cappedAt: timeout)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  }

  static func connect(_ target: Target, timeout: Int, deadline: Deadline) throws(Failure) -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    let code = getaddrinfo(target.host, target.port, &hints, &list)
    guard code == 0, let first = list else {
      throw Failure(reason: "cannot resolve \(target.host): \(String(cString: gai_strerror(code)))", kind: .socketIssue)
    }
    defer { freeaddrinfo(list) }
    var reason = "no address for \(target.host)"
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      entry = info.pointee.ai_next
      let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      if fd < 0 { continue }
      #if canImport(Darwin)
        // A server that closes early must not kill the process with SIGPIPE (Linux uses
        // MSG_NOSIGNAL on each send instead).
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      #endif
      do { try limit(fd, timeout: timeout, deadline: deadline) } catch {
        close(fd)
        throw error
      }
      if Glibc_connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
      reason = "cannot connect to \(target.host):\(target.port): \(String(cString: strerror(errno)))"
      close(fd)
    }
    throw Failure(reason: reason, kind: .socketIssue)
  }

  static func send(_ bytes: [UInt8], on fd: Int32, timeout: Int, deadline: Deadline) throws(Failure) {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    var done = 0
    while done < bytes.count {
      try limit(fd, timeout: timeout, deadline: deadline)
      let n = bytes.withUnsafeBytes { Glibc_send(fd, $0.baseAddress! + done, $0.count - done, flags) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { throw Failure(reason: "the connection broke while sending: \(String(cString: strerror(errno)))", kind: .prematureClose) }
      done += n
    }
  }

  /// Reads up to the end of the status line and returns its code.
  private static func readStatus(_ fd: Int32, timeout: Int, deadline: Deadline) throws(Failure) -> Int {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 512)
    var timedOut = false
    while !received.contains(0x0A) && received.count < 8192 {
      try limit(fd, timeout: timeout, deadline: deadline)
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { timedOut = true }
      if n <= 0 { break }
      received += chunk[0..<n]
    }
    if !received.contains(0x0A) && deadline.hasPassed { throw outOfTime(deadline) }
    let line = String(decoding: received.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
    let parts = line.split(separator: " ")
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let code = Int(parts[1]) else {
      if timedOut { throw Failure(reason: "no answer within \(timeout) seconds", kind: .timedOut) }
      if received.isEmpty { throw Failure(reason: "no answer from the server", kind: .noResponse) }
      throw Failure(reason: "not an HTTP answer: \(line.prefix(60))", kind: .invalidResponse)
    }
    return code
  }
}

/// `send(2)` under a name that does not clash with `HTTPPoster.send`.
private func Glibc_send(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
  #if canImport(Glibc)
    return Glibc.send(fd, buffer, count, flags)
  #else
    return Darwin.send(fd, buffer, count, flags)
  #endif
}

/// `connect(2)` under a name that does not clash with `HTTPPoster.connect`.
private func Glibc_connect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
  while true {
    #if canImport(Glibc)
      let result = Glibc.connect(fd, address, length)
    #else
      let result = Darwin.connect(fd, address, length)
    #endif
    if result == 0 || errno != EINTR { return result }
  }
}
