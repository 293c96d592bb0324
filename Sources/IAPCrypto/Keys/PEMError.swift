/// Why PEM text could not be read.
package enum PEMError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No `-----BEGIN …-----` line with one of the accepted labels (listed) was found.
  case noBlock(labels: [String])
  /// A block with this label has no matching `-----END …-----` line.
  case missingEnd(label: String)
  /// The body of the block with this label is not base64.
  case invalidBase64(label: String)

  package var description: String {
    switch self {
    case let .noBlock(labels):
      return labels.isEmpty ? "no PEM block found" : "no PEM block labelled " + labels.joined(separator: " or ")
    case let .missingEnd(label): return "PEM block \(label) has no END line"
    case let .invalidBase64(label): return "PEM block \(label) is not base64"
    }
  }
}
