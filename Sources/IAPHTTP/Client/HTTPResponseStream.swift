import IAPSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An answer whose head is read and whose body is read as it arrives: a Server-Sent Events
/// stream, or a body `HTTPClient.send` reads whole. Owns its socket until `close()`.
///
/// Sendable: a reader's thread may read it while another closes it (a task that stops
/// listening), so what they share is inside its lock.
package final class HTTPResponseStream: Sendable {
  package let status: Int
  package let headers: HTTPHeaders
  private let fd: Int32
  private let timeout: Int
  private let state: Locked<ReadState>

  /// What reading and closing share.
  private struct ReadState {
    /// Bytes of the body read with the head, not handed out yet.
    var pending: [UInt8]
    /// `close()` was called: the descriptor is closed.
    var closed = false
  }

  /// Reads the head (at most 64 KiB) off `fd`.
  init(fd: Int32, timeout: Int) throws(HTTPPoster.Failure) {
    self.fd = fd
    self.timeout = timeout
    var received: [UInt8] = []
    var headEnd: Int?
    var chunk = [UInt8](repeating: 0, count: 4096)
    while headEnd == nil {
      guard received.count < 64 << 10 else {
        POSIXFile.close(fd)
        throw HTTPPoster.Failure(reason: "the answer's head is larger than 64 KiB", kind: .invalidResponse)
      }
      let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else {
        POSIXFile.close(fd)
        throw HTTPPoster.Failure(reason: n == 0 ? "no answer from the server" : "no answer within \(timeout) seconds",
          kind: n == 0 ? .noResponse : .timedOut)
      }
      received += chunk[0..<n]
      headEnd = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: received)
    }
    let head = String(decoding: received[0..<headEnd!], as: UTF8.self)
    state = Locked(ReadState(pending: Array(received[(headEnd! + 4)...])))
    var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
    let statusLine = lines.removeFirst().split(separator: " ")
    guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
      POSIXFile.close(fd)
      throw HTTPPoster.Failure(reason: "not an HTTP answer: \(head.prefix(60))", kind: .invalidResponse)
    }
    var headers = HTTPHeaders()
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].trimmingSpaces))
    }
    guard !headers.hasToken("chunked", in: "Transfer-Encoding") else {
      POSIXFile.close(fd)
      throw HTTPPoster.Failure(reason: "chunked answers are not read", kind: .invalidResponse)
    }
    self.status = status
    self.headers = headers
  }

  deinit { close() }

  /// The next bytes of the body: what came with the head first, then each read; nil at the
  /// end of the body (the server closed). A read that waits longer than the timeout fails.
  package func read() throws(HTTPPoster.Failure) -> [UInt8]? {
    let (pending, closed) = state.withLock { state in
      defer { state.pending = [] }
      return (state.pending, state.closed)
    }
    if !pending.isEmpty { return pending }
    guard !closed else { return nil }
    var chunk = [UInt8](repeating: 0, count: 16 << 10)
    while true {
      let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        throw HTTPPoster.Failure(reason: "no more of the answer within \(timeout) seconds", kind: .timedOut)
      }
      return n > 0 ? Array(chunk[0..<n]) : nil
    }
  }

  /// Closes the connection; later reads see the end of the body.
  package func close() {
    let first = state.withLock { state in
      defer { state.closed = true }
      return !state.closed
    }
    if first { POSIXFile.close(fd) }
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    for start in 0...(bytes.count - needle.count) where bytes[start..<start + needle.count].elementsEqual(needle) { return start }
    return nil
  }
}
