/// Why the parser refused a request: the status to answer with and a short explanation for
/// the body. Every refusal ends the connection, since what follows cannot be trusted to
/// start a new request.
package struct HTTPRequestError: Error, Equatable, Sendable, CustomStringConvertible {
  package var status: Int
  package var message: String

  package init(_ status: Int, _ message: String) {
    self.status = status
    self.message = message
  }

  package var description: String { "\(status) \(HTTPResponse.standardReason(status)): \(message)" }

  /// The answer to send before closing.
  package var response: HTTPResponse { .text(message + "\n", status: status) }
}
