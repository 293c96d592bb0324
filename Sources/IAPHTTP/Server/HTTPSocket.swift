import IAPSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX socket calls the HTTP server makes, each retried on `EINTR` and bounded by a
/// `Deadline` where it could block.
enum HTTPSocket {
  /// What `wait` saw.
  enum Readiness: Equatable {
    case readable
    /// The wake descriptor became readable: the server is stopping.
    case woken
    case timedOut
    case failed
  }

  /// A listening TCP socket on `host:port` (an IPv4 or IPv6 literal, or `localhost`, which
  /// is 127.0.0.1), and the port it got: the one asked for, or the kernel's choice for 0.
  ///
  /// Names other than `localhost` are refused rather than resolved: a server binds to one of
  /// its own addresses, and a name that resolves elsewhere is a mistake to report.
  static func listen(host: String, port: UInt16, backlog: Int32 = 128) throws(HTTPServerError) -> (fd: Int32, port: UInt16) {
    let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    var storage = sockaddr_storage()
    var length: socklen_t
    let literal = host == "localhost" ? "127.0.0.1" : host
    var v4 = in_addr()
    var v6 = in6_addr()
    if inet_pton(AF_INET, literal, &v4) == 1 {
      var sin = sockaddr_in()
      #if canImport(Darwin)
        sin.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      #endif
      sin.sin_family = sa_family_t(AF_INET)
      sin.sin_port = port.bigEndian
      sin.sin_addr = v4
      withUnsafeBytes(of: sin) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
      length = socklen_t(MemoryLayout<sockaddr_in>.size)
    } else if inet_pton(AF_INET6, literal, &v6) == 1 {
      var sin6 = sockaddr_in6()
      #if canImport(Darwin)
        sin6.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
      #endif
      sin6.sin6_family = sa_family_t(AF_INET6)
      sin6.sin6_port = port.bigEndian
      sin6.sin6_addr = v6
      withUnsafeBytes(of: sin6) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
      length = socklen_t(MemoryLayout<sockaddr_in6>.size)
    } else {
      throw HTTPServerError(operation: "listen on", address: address, code: EINVAL, detail: "not an IP address (use 127.0.0.1, ::1 or localhost)")
    }
    #if canImport(Glibc)
      let fd = socket(Int32(storage.ss_family), Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    #else
      let fd = socket(Int32(storage.ss_family), SOCK_STREAM, 0)
      if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    #endif
    guard fd >= 0 else { throw HTTPServerError(operation: "socket for", address: address, code: errno) }
    // Restarting the server must not wait out the previous one's TIME_WAIT connections.
    var on: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
    guard bound == 0 else {
      let code = errno
      POSIXFile.close(fd)
      throw HTTPServerError(operation: "bind", address: address, code: code)
    }
    // Non-blocking, so that a connection reset between `poll` and `accept` cannot block the
    // accept loop (and with it `stop()`).
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    guard systemListen(fd, backlog) == 0 else {
      let code = errno
      POSIXFile.close(fd)
      throw HTTPServerError(operation: "listen on", address: address, code: code)
    }
    var actual = sockaddr_storage()
    var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) } }
    let networkPort: UInt16 =
      Int32(actual.ss_family) == AF_INET6
      ? withUnsafeBytes(of: actual) { $0.load(as: sockaddr_in6.self).sin6_port }
      : withUnsafeBytes(of: actual) { $0.load(as: sockaddr_in.self).sin_port }
    return (fd, UInt16(bigEndian: networkPort))
  }

  /// Accepts one connection, close-on-exec (children the application spawns must not hold
  /// it open; `accept4` would do it atomically, but Swift's Glibc module does not export
  /// it), or nil when the call failed (the caller waits and tries again).
  static func accept(_ listener: Int32) -> (fd: Int32, address: String)? {
    while true {
      var peer = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let fd = withUnsafeMutablePointer(to: &peer) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemAccept(listener, $0, &length) } }
      if fd >= 0 {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // BSD sockets inherit the listener's O_NONBLOCK; connections are served blocking.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var on: Int32 = 1
        // One write per response: Nagle's delay would only hold back pipelined answers.
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
          setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return (fd, address(peer))
      }
      if errno != EINTR { return nil }
    }
  }

  /// The IP address of a peer, as text (`127.0.0.1`, `::1`); what the connection slots
  /// share out by.
  static func address(_ peer: sockaddr_storage) -> String {
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    var storage = peer
    let family = Int32(storage.ss_family)
    let written: UnsafePointer<CChar>? = withUnsafePointer(to: &storage) { pointer in
      pointer.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout<sockaddr_storage>.size) { raw in
        let base = UnsafeRawPointer(raw)
        if family == AF_INET6 {
          return inet_ntop(AF_INET6, base + MemoryLayout<sockaddr_in6>.offset(of: \.sin6_addr)!, &text, socklen_t(text.count))
        }
        return inet_ntop(AF_INET, base + MemoryLayout<sockaddr_in>.offset(of: \.sin_addr)!, &text, socklen_t(text.count))
      }
    }
    guard written != nil else { return "?" }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Waits until `fd` is readable, `wake` (if given) is readable, or `deadline` passes.
  /// (`wake` stays readable once written, so it is polled only while idle.)
  static func wait(_ fd: Int32, wake: Int32?, until deadline: Deadline) -> Readiness {
    var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
    if let wake { fds.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
    while true {
      let remaining = deadline.remainingMilliseconds
      if remaining == 0 { return .timedOut }
      let n = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 60_000)))
      if n < 0 {
        if errno == EINTR { continue }
        return .failed
      }
      if n == 0 { continue }  // the loop head decides whether the deadline has passed
      // Readable, hung up or in error: `read` says which. Before the wake: a request that
      // arrived as the server stops is still answered (with `Connection: close`).
      if fds[0].revents != 0 { return .readable }
      return .woken
    }
  }

  /// Reads what has arrived into `buffer`: the count, 0 at the end of the stream, -1 on error.
  static func read(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
    while true {
      let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      return n
    }
  }

  /// Sends all of `bytes` by `deadline`; false when the peer is gone or too slow to read.
  ///
  /// Non-blocking sends between polls, so that a client that stops reading cannot hold the
  /// thread past the deadline, and `MSG_NOSIGNAL` (`SO_NOSIGPIPE` on Darwin, set at accept)
  /// so that one that has gone cannot kill the process with SIGPIPE.
  static func send(_ bytes: [UInt8], on fd: Int32, by deadline: Deadline) -> Bool {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)
    #else
      let flags = Int32(MSG_DONTWAIT)
    #endif
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { systemSend(fd, $0.baseAddress! + done, $0.count - done, flags) }
      if n > 0 {
        done += n
        continue
      }
      guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
      var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      let remaining = deadline.remainingMilliseconds
      if remaining == 0 { return false }
      if poll(&pfd, 1, Int32(min(remaining, 60_000))) < 0 && errno != EINTR { return false }
    }
    return true
  }

  /// Closes a connection so that the last response reaches the client: after an error the
  /// client may still be sending, and closing with unread bytes makes the kernel answer with a
  /// reset, which can destroy the response before the client reads it. So: stop sending, then
  /// read and drop what comes for up to half a second (`lingering`), then close. Without
  /// lingering, only what has already arrived is dropped.
  static func close(_ fd: Int32, lingering: Bool) {
    var scratch = [UInt8](repeating: 0, count: 16 * 1024)
    if !lingering {
      // Still drop what has already arrived, which costs no wait.
      var drained = 0
      while drained < 1 << 20 {
        let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if n <= 0 { break }
        drained += n
      }
    } else {
      shutdown(fd, Int32(SHUT_WR))
      let deadline = Deadline(milliseconds: 500)
      var drained = 0
      while drained < 1 << 20, wait(fd, wake: nil, until: deadline) == .readable {
        let n = read(fd, into: &scratch)
        if n <= 0 { break }
        drained += n
      }
    }
    POSIXFile.close(fd)
  }
}

// The system calls under names that do not clash with `HTTPSocket`'s own (and
// `HTTPResponseStream`'s, which uses `systemRead` and `POSIXFile.close` too).
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
  #if canImport(Glibc)
    Glibc.listen(fd, backlog)
  #else
    Darwin.listen(fd, backlog)
  #endif
}

private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 {
  #if canImport(Glibc)
    Glibc.accept(fd, address, length)
  #else
    Darwin.accept(fd, address, length)
  #endif
}

func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.read(fd, buffer, count)
  #else
    Darwin.read(fd, buffer, count)
  #endif
}

private func systemSend(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
  #if canImport(Glibc)
    Glibc.send(fd, buffer, count, flags)
  #else
    Darwin.send(fd, buffer, count, flags)
  #endif
}

