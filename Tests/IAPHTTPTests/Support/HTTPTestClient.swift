import Foundation
@testable import IAPFormats
@testable import IAPHTTP

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A raw-socket HTTP client for the server's tests: it sends exactly the bytes a test
/// writes (garbage, half requests, pipelined requests) and reads responses one at a time.
/// Every read and write times out, so no test can hang on the server.
final class HTTPTestClient {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// A response as read off the wire.
  struct Response {
    var status: Int
    var reason: String
    var headers: HTTPHeaders
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: JSONValue? { try? JSONParser.parse(body) }
    /// Whether the server said it closes the connection.
    var closes: Bool { headers.hasToken("close", in: "Connection") }
  }

  let fd: Int32
  private var buffer: [UInt8] = []

  /// Connects to 127.0.0.1:`port`; each later read or write waits at most `timeoutMilliseconds`.
  init(port: UInt16, timeoutMilliseconds: Int = 3_000) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
    var limit = timeval(tv_sec: timeoutMilliseconds / 1000, tv_usec: .init(timeoutMilliseconds % 1000 * 1000))
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    #if canImport(Darwin)
      var on: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else {
      let code = errno
      close(fd)
      throw Failure(description: "connect: \(String(cString: strerror(code)))")
    }
  }

  deinit { close(fd) }

  func send(_ text: String) throws { try send(Array(text.utf8)) }

  func send(_ bytes: [UInt8]) throws {
    var done = 0
    while done < bytes.count {
      #if canImport(Glibc)
        let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + done, $0.count - done, Int32(MSG_NOSIGNAL)) }
      #else
        let n = bytes.withUnsafeBytes { Darwin.send(fd, $0.baseAddress! + done, $0.count - done, 0) }
      #endif
      guard n > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
      done += n
    }
  }

  /// Sends a request with `Host` and, when there is a body, `Content-Length`.
  func request(_ method: String, _ target: String, body: String? = nil, headers: [String] = []) throws -> Response {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    for header in headers { head += header + "\r\n" }
    if let body { head += "Content-Length: \(body.utf8.count)\r\n" }
    try send(head + "\r\n" + (body ?? ""))
    return try readResponse(to: method)
  }

  /// Reads one response (its body by `Content-Length`; none for `HEAD`, 1xx and 204).
  func readResponse(to method: String = "GET") throws -> Response {
    var response = try readHead()
    let hasBody = method != "HEAD" && response.status >= 200 && response.status != 204
    let length = hasBody ? Int(response.headers["Content-Length"] ?? "") ?? -1 : 0
    guard length >= 0 else { throw Failure(description: "no Content-Length") }
    while buffer.count < length {
      guard try fill() else { throw Failure(description: "the connection closed within a body") }
    }
    response.body = Array(buffer[0..<length])
    buffer.removeFirst(length)
    return response
  }

  /// Reads a streamed response (`HTTPBodyStream`): the head, then the body up to the end of
  /// the connection.
  func readStreamed() throws -> Response {
    var response = try readHead()
    while try fill() {}
    response.body = buffer
    buffer.removeAll()
    return response
  }

  /// Reads a response's status line and header fields.
  private func readHead() throws -> Response {
    guard let headEnd = try waitFor([0x0D, 0x0A, 0x0D, 0x0A]) else {
      throw Failure(description: "the connection closed before a response (\(buffer.count) bytes read)")
    }
    let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
    buffer.removeFirst(headEnd + 4)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2).map(String.init)
    guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
      throw Failure(description: "not a status line: \(head.prefix(80))")
    }
    var headers = HTTPHeaders()
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "not a header: \(line)") }
      headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].trimmingSpaces))
    }
    return Response(status: status, reason: statusLine.count > 2 ? statusLine[2] : "", headers: headers, body: [])
  }

  /// Reads until `bytes` arrive; their offset in what was read, or nil if the connection ended first.
  func waitFor(_ bytes: [UInt8]) throws -> Int? {
    while true {
      if let found = find(bytes) { return found }
      guard try fill() else { return nil }
    }
  }

  /// Whether the server has closed the connection (a read sees the end of the stream, or a
  /// reset) within the read timeout, with no more bytes.
  func isClosedByServer() -> Bool {
    guard buffer.isEmpty else { return false }
    var byte: UInt8 = 0
    while true {
      let n = read(fd, &byte, 1)
      if n < 0 && errno == EINTR { continue }
      return n == 0 || (n < 0 && errno == ECONNRESET)
    }
  }

  /// Whether the server has sent something not read yet, without waiting.
  func hasBytesWaiting() -> Bool {
    var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return !buffer.isEmpty || poll(&pfd, 1, 0) == 1
  }

  /// Reads more bytes into the buffer: false at the end of the stream; throws on a timeout.
  private func fill() throws -> Bool {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 && errno == ECONNRESET { return false }
      if n < 0 { throw Failure(description: "read: \(String(cString: strerror(errno)))") }
      buffer += chunk[0..<n]
      return n > 0
    }
  }

  private func find(_ needle: [UInt8]) -> Int? {
    guard buffer.count >= needle.count else { return nil }
    for start in 0...(buffer.count - needle.count) where buffer[start..<start + needle.count].elementsEqual(needle) {
      return start
    }
    return nil
  }
}
