import Foundation
import Testing

/// A help sentence or a rule's message is written once, in the operation table
/// (`IAPOperations`), and both front ends show it from there: the same sentence spelled out in
/// the CLI's sources and in the control plane's is a second declaration of one operation.
@Suite struct FrontEndWordingTests {
  /// The string literals of the Swift files under `folder` that read as sentences (a space and
  /// at least twenty characters), with the file each first appears in.
  static func sentences(under folder: String) throws -> [String: String] {
    let root = EndToEndTests.packageRoot.appendingPathComponent(folder)
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
    let literal = try Regex(#""((?:[^"\\\n]|\\.)*)""#)
    var found: [String: String] = [:]
    for file in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      for match in text.matches(of: literal) {
        guard let body = match.output[1].substring.map(String.init), body.count >= 20, body.contains(" ") else { continue }
        if found[body] == nil { found[body] = file.lastPathComponent }
      }
    }
    return found
  }

  @Test func noSentenceIsInBothFrontEnds() throws {
    let commandLine = try Self.sentences(under: "Sources/IAPCLI")
    let controlPlane = try Self.sentences(under: "Sources/IAPServer")
    #expect(!commandLine.isEmpty && !controlPlane.isEmpty, "the sources were not found")
    for sentence in Set(commandLine.keys).intersection(controlPlane.keys).sorted() {
      Issue.record(
        "\"\(sentence)\" is in \(commandLine[sentence] ?? "") and \(controlPlane[sentence] ?? ""): declare it once in IAPOperations")
    }
  }
}
