import IAPFormats
import IAPSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking HTTP/1.1 client for plain `http://` URLs, on the same sockets as `HTTPPoster`:
/// one request a connection (`Connection: close`), the answer read whole, or line by line for
/// a stream (`HTTPResponseStream`). What a client of `iap serve`'s control plane needs,
/// without FoundationNetworking (libcurl), which a static executable cannot link.
package enum HTTPClient {
  /// An answer read whole.
  package struct Response: Sendable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: [UInt8]

    /// The body parsed as JSON, or nil.
    package var json: JSONValue? { try? JSONParser.parse(body) }
  }

  /// The most an answer's body may hold; a larger one is a failure, not a crash.
  package static let maximumBodySize = 64 << 20

  /// Sends `method url` with `headers` and `body`, and reads the answer whole (by its
  /// `Content-Length`, else to the end of the connection): each connect, write and read within
  /// `timeout` seconds.
  package static func send(
    _ method: String, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil, timeout: Int = 10
  ) throws(HTTPPoster.Failure) -> Response {
    let stream = try open(method, url, headers: headers, body: body, timeout: timeout)
    defer { stream.close() }
    // The first read hands out what came with the head.
    var bytes: [UInt8] = []
    let length = stream.headers["Content-Length"].flatMap { Int($0) }
    while length.map({ bytes.count < $0 }) ?? true {
      guard let chunk = try stream.read() else { break }
      bytes += chunk
      guard bytes.count <= maximumBodySize else {
        throw HTTPPoster.Failure(reason: "the answer is larger than \(maximumBodySize) bytes", kind: .invalidResponse)
      }
    }
    if let length {
      guard bytes.count >= length else { throw HTTPPoster.Failure(reason: "the connection closed within the body", kind: .prematureClose) }
      bytes.removeSubrange(length...)
    }
    return Response(status: stream.status, headers: stream.headers, body: bytes)
  }

  /// Sends the request and reads the answer's head; the body is the stream's to read.
  /// `timeout` bounds each read, not the stream's life.
  package static func open(
    _ method: String, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil, timeout: Int = 10
  ) throws(HTTPPoster.Failure) -> HTTPResponseStream {
    guard let target = HTTPPoster.Target(url) else { throw HTTPPoster.Failure(reason: "not an http:// URL: \(url)") }
    let deadline = Deadline(seconds: timeout)
    let fd = try HTTPPoster.connect(target, timeout: timeout, deadline: deadline)
    var head = "\(method) \(target.path) HTTP/1.1\r\nHost: \(target.authority)\r\nConnection: close\r\nUser-Agent: iap\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if let body { head += "Content-Length: \(body.count)\r\n" }
    do {
      try HTTPPoster.send(Array((head + "\r\n").utf8) + (body ?? []), on: fd, timeout: timeout, deadline: deadline)
    } catch {
      close(fd)
      throw error
    }
    return try HTTPResponseStream(fd: fd, timeout: timeout)
  }
}
