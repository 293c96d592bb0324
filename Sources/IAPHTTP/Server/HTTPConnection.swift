import IAPSystem

/// One accepted connection, served on its own thread: read, parse, answer, in order, until
/// the client closes, asks to close, goes quiet, or errs, or the server stops.
///
/// Two clocks bound the time a client can hold the thread:
/// - between requests, the idle timeout: a kept-alive connection with nothing to say is
///   closed silently;
/// - from the first byte of a request to its last, the request timeout: a client that sends
///   half a request and stalls (or trickles) gets 408 and the connection is closed.
/// Writing a response is bounded by the write timeout. Only the handler is not bounded: it
/// is the application's, and may wait for a file lock.
struct HTTPConnection {
  let fd: Int32
  /// Readable once the server stops: an idle connection then closes at once.
  let wake: Int32
  let configuration: HTTPServer.Configuration
  let handler: HTTPServer.Handler
  /// Whether the server is stopping: a request already under way is answered, with
  /// `Connection: close`.
  let isStopping: @Sendable () -> Bool

  /// Serves the connection until it ends, then closes it.
  func serve() {
    var parser = HTTPRequestParser(limits: configuration.limits)
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    // nil while idle (waiting for a request's first byte): then the idle deadline runs.
    var requestDeadline: Deadline?
    var idleDeadline = Deadline(milliseconds: configuration.idleTimeoutMilliseconds)
    while true {
      while let event = parser.next() {
        switch event {
        case .continueExpected:
          guard HTTPSocket.send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), on: fd, by: writeDeadline) else { return finish(lingering: false) }
        case .failure(let error):
          _ = HTTPSocket.send(error.response.serialized(closing: true), on: fd, by: writeDeadline)
          return finish(lingering: true)
        case .request(let request):
          let response = handler(request)
          let closing = !request.wantsKeepAlive || isStopping() || response.stream != nil
          let bytes = response.serialized(
            closing: closing, keepAliveHeader: request.version == .http10, includeBody: request.method != "HEAD")
          let sent = HTTPSocket.send(bytes, on: fd, by: writeDeadline)
          if sent, let stream = response.stream, request.method != "HEAD" {
            stream.body(HTTPStreamWriter(fd: fd, wake: wake, writeTimeoutMilliseconds: configuration.writeTimeoutMilliseconds))
          }
          guard sent, !closing else {
            return finish(lingering: parser.hasPartialRequest)
          }
          requestDeadline = nil
          idleDeadline = Deadline(milliseconds: configuration.idleTimeoutMilliseconds)
        }
      }
      if parser.hasPartialRequest && requestDeadline == nil {
        requestDeadline = Deadline(milliseconds: configuration.requestTimeoutMilliseconds)
      }
      // While idle, a stopping server ends the connection; a request under way is finished.
      switch HTTPSocket.wait(fd, wake: requestDeadline == nil ? wake : nil, until: requestDeadline ?? idleDeadline) {
      case .readable:
        let n = HTTPSocket.read(fd, into: &buffer)
        guard n > 0 else { return finish(lingering: false) }
        parser.append(buffer[0..<n])
      case .timedOut where requestDeadline != nil:
        let timeout = HTTPRequestError(408, "the request did not arrive within \(configuration.requestTimeoutMilliseconds) ms")
        _ = HTTPSocket.send(timeout.response.serialized(closing: true), on: fd, by: writeDeadline)
        return finish(lingering: true)
      case .timedOut, .woken, .failed:
        return finish(lingering: false)
      }
    }
  }

  private var writeDeadline: Deadline { Deadline(milliseconds: configuration.writeTimeoutMilliseconds) }

  private func finish(lingering: Bool) { HTTPSocket.close(fd, lingering: lingering) }
}
