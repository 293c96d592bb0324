/// The basicConstraints extension's contents (RFC 5280 §4.2.1.9).
package struct X509BasicConstraints: Equatable, Sendable {
  /// Whether the subject is a certificate authority.
  package var ca: Bool
  /// How many intermediate CA certificates may follow this one in a path, when limited.
  package var pathLength: Int?

  package init(ca: Bool, pathLength: Int? = nil) {
    self.ca = ca
    self.pathLength = pathLength
  }
}
