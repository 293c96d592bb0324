#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPFormats

/// PEM armor (RFC 7468): DER bytes as base64 in 64-character lines between
/// `-----BEGIN label-----` and `-----END label-----`.
package struct PEM: Equatable, Sendable {
  /// The labels `iap` reads and writes.
  package enum Label {
    package static let certificate = "CERTIFICATE"
    /// PKCS#8 PrivateKeyInfo, as App Store Connect's `.p8` keys and `openssl genpkey` write.
    package static let privateKey = "PRIVATE KEY"
    /// SubjectPublicKeyInfo.
    package static let publicKey = "PUBLIC KEY"
    /// A bare SEC1 / RFC 5915 ECPrivateKey, as `openssl ecparam -genkey` writes.
    package static let ecPrivateKey = "EC PRIVATE KEY"
  }

  /// The label after BEGIN and END.
  package var label: String
  /// The DER bytes.
  package var bytes: [UInt8]

  package init(label: String, bytes: [UInt8]) {
    self.label = label
    self.bytes = bytes
  }

  /// The armored text: BEGIN line, base64 in lines of 64 characters, END line, each line
  /// ending with a line feed.
  package var text: String {
    let base64 = Array(Data(bytes).base64EncodedString().utf8)
    var lines = ["-----BEGIN \(label)-----"]
    for start in stride(from: 0, to: base64.count, by: 64) {
      lines.append(String(decoding: base64[start..<min(start + 64, base64.count)], as: UTF8.self))
    }
    lines.append("-----END \(label)-----")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every PEM block in `text`, in order. Text around and between blocks is ignored (as
  /// `openssl x509 -text` output puts before a certificate), and so is any whitespace in
  /// a body, so CRLF line ends and re-wrapped lines are accepted.
  package static func decodeAll(_ text: String) throws(PEMError) -> [PEM] { try blocks(in: text, labels: []) }

  /// The first block in `text` whose label is one of `labels` (any label when empty).
  /// Blocks with other labels are skipped unread, so a damaged one does not hide the
  /// block wanted.
  package static func decode(_ text: String, labels: [String] = []) throws(PEMError) -> PEM {
    guard let block = try blocks(in: text, labels: labels, first: true).first else { throw .noBlock(labels: labels) }
    return block
  }

  /// The blocks with one of `labels` (any when empty), or only the first such when `first`.
  private static func blocks(in text: String, labels: [String], first: Bool = false) throws(PEMError) -> [PEM] {
    var blocks: [PEM] = []
    var rest = Substring(text)
    while let begin = rest.firstRange(ofText: "-----BEGIN ") {
      let afterBegin = rest[begin.upperBound...]
      guard let labelEnd = afterBegin.firstRange(ofText: "-----") else { break }
      let label = String(afterBegin[..<labelEnd.lowerBound])
      // A label is one line of text; anything else is not a BEGIN line.
      guard !label.contains(where: { $0.isNewline }) else {
        rest = afterBegin
        continue
      }
      let body = afterBegin[labelEnd.upperBound...]
      let end = body.firstRange(ofText: "-----END \(label)-----")
      guard labels.isEmpty || labels.contains(label) else {
        rest = end.map { body[$0.upperBound...] } ?? body
        continue
      }
      guard let end else { throw .missingEnd(label: label) }
      let base64 = body[..<end.lowerBound].filter { !$0.isWhitespace }
      guard let data = Data(base64Encoded: String(base64)) else { throw .invalidBase64(label: label) }
      blocks.append(PEM(label: label, bytes: Array(data)))
      if first { break }
      rest = body[end.upperBound...]
    }
    return blocks
  }
}
