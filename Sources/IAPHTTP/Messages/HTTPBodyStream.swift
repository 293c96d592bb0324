/// A response body written while the connection stays open, such as Server-Sent Events: the
/// server sends the head (no `Content-Length`, `Connection: close`), then runs `body` on the
/// connection's thread until it returns, and closes the connection, which ends the body
/// (RFC 9112 §6.3).
///
/// A class so that a response holding one stays `Equatable` (by identity).
package final class HTTPBodyStream: Sendable, Equatable {
  package let body: @Sendable (HTTPStreamWriter) -> Void

  package init(_ body: @escaping @Sendable (HTTPStreamWriter) -> Void) { self.body = body }

  package static func == (lhs: HTTPBodyStream, rhs: HTTPBodyStream) -> Bool { lhs === rhs }
}
