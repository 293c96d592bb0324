#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the HTTP server could not start: the step, the address, and the system's words.
package struct HTTPServerError: Error, Equatable, Sendable, CustomStringConvertible {
  package var operation: String
  package var address: String
  package var code: Int32
  /// What to say instead of `strerror(code)`, when the server knows better.
  package var detail: String?

  package init(operation: String, address: String, code: Int32, detail: String? = nil) {
    self.operation = operation
    self.address = address
    self.code = code
    self.detail = detail
  }

  package var description: String {
    if let detail { return "\(operation) \(address): \(detail)" }
    if code == EADDRINUSE { return "\(operation) \(address): the address is in use (another server is listening there)" }
    return "\(operation) \(address): \(String(cString: strerror(code)))"
  }
}
