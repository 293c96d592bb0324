import IAPSystem

/// What a streamed body writes with (`HTTPBodyStream`): bytes out, each write bounded by the
/// server's write timeout, and pauses that end early when the client goes away or the
/// server stops.
///
/// A client that stops reading makes a write time out; the stream then ends, so a slow
/// listener holds only its own connection, never the code that produces what it reads.
package struct HTTPStreamWriter: Sendable {
  let fd: Int32
  /// Readable once the server stops.
  let wake: Int32
  let writeTimeoutMilliseconds: Int

  /// Sends `bytes`; false when the client is gone or did not take them in time.
  package func write(_ bytes: [UInt8]) -> Bool {
    HTTPSocket.send(bytes, on: fd, by: Deadline(milliseconds: writeTimeoutMilliseconds))
  }

  /// Waits `milliseconds`; false when the stream should end instead: the server is stopping,
  /// or the client closed its side (or sent something, which a stream's client never does).
  package func pause(milliseconds: Int) -> Bool {
    switch HTTPSocket.wait(fd, wake: wake, until: Deadline(milliseconds: milliseconds)) {
    case .timedOut: return true
    case .readable, .woken, .failed: return false
    }
  }
}
