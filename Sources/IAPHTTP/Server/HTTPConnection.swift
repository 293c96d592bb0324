import IAPSystem

/// One accepted connection, served on its own thread: read, parse, answer, in order, until
/// the client closes, asks to close, goes quiet, or errs, its slot is taken back, or the
/// server stops.
///
/// Clocks bound the time a client can hold the thread without being answered:
/// - before its first request, the first-byte timeout, and between requests the idle
///   timeout: a connection with nothing to say is closed silently;
/// - from the first byte of a request, the head timeout until its head (line and fields) is
///   complete, and the request timeout until its last byte: a client that sends half a
///   request and stalls (or trickles) gets 408 and the connection is closed.
/// Writing a response is bounded by the write timeout. Only the handler is not bounded: it
/// is the application's, and may wait for a file lock. While it is not being answered, the
/// connection's slot may be taken back for a newcomer (`HTTPConnectionSlots`).
struct HTTPConnection {
  let fd: Int32
  /// Readable once the server stops: an idle connection then closes at once.
  let wake: Int32
  let configuration: HTTPServer.Configuration
  let handler: HTTPServer.Handler
  /// The server's slots, and this connection's.
  let slots: HTTPConnectionSlots
  let slot: Int
  /// Whether the server is stopping: a request already under way is answered, with
  /// `Connection: close`.
  let isStopping: @Sendable () -> Bool

  /// Serves the connection until it ends, then closes it.
  func serve() {
    var parser = HTTPRequestParser(limits: configuration.limits)
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    // nil while waiting for a request's first byte: then the first-byte or idle deadline runs.
    var requestDeadline: Deadline?
    var headDeadline: Deadline?
    var idleDeadline = Deadline(milliseconds: configuration.firstByteTimeoutMilliseconds)
    while true {
      while let event = parser.next() {
        switch event {
        case .continueExpected:
          guard HTTPSocket.send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), on: fd, by: writeDeadline) else { return finish(lingering: false) }
        case .failure(let error):
          _ = HTTPSocket.send(error.response.serialized(closing: true), on: fd, by: writeDeadline)
          return finish(lingering: true)
        case .request(let request):
          // A slot taken back as the request arrived: not answered (the client sees the
          // connection close, as after an idle timeout, and may retry).
          guard slots.enter(.busy, id: slot) else { return finish(lingering: false) }
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
          headDeadline = nil
          idleDeadline = Deadline(milliseconds: configuration.idleTimeoutMilliseconds)
        }
      }
      let partial = parser.hasPartialRequest
      if partial && requestDeadline == nil {
        requestDeadline = Deadline(milliseconds: configuration.requestTimeoutMilliseconds)
        headDeadline = Deadline(milliseconds: configuration.headTimeoutMilliseconds)
      }
      guard slots.enter(partial ? .receiving : .waiting, id: slot) else { return finish(lingering: false) }
      // The head's deadline while the head comes, the request's after.
      let receiving = parser.isReceivingHead ? headDeadline : requestDeadline
      // While idle, a stopping server ends the connection; a request under way is finished.
      switch HTTPSocket.wait(fd, wake: receiving == nil ? wake : nil, until: receiving ?? idleDeadline) {
      case .readable:
        let n = HTTPSocket.read(fd, into: &buffer)
        guard n > 0 else { return finish(lingering: false) }
        parser.append(buffer[0..<n])
      case .timedOut where receiving != nil:
        let head = parser.isReceivingHead
        let limit = head ? configuration.headTimeoutMilliseconds : configuration.requestTimeoutMilliseconds
        let timeout = HTTPRequestError(408, "the request\(head ? "'s head" : "") did not arrive within \(limit) ms")
        _ = HTTPSocket.send(timeout.response.serialized(closing: true), on: fd, by: writeDeadline)
        return finish(lingering: true)
      case .timedOut, .woken, .failed:
        return finish(lingering: false)
      }
    }
  }

  private var writeDeadline: Deadline { Deadline(milliseconds: configuration.writeTimeoutMilliseconds) }

  /// Gives up the slot, then closes: in that order, so that a slot taken back never shuts
  /// down a descriptor number reused by a later connection.
  private func finish(lingering: Bool) {
    slots.release(slot)
    HTTPSocket.close(fd, lingering: lingering)
  }
}
