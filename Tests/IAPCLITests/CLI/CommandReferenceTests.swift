import Foundation
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// docs/commands.md, the command reference, is the help text itself. If this fails after a
/// change to a command, run the tests once with IAP_UPDATE_DOCS=1 to rewrite the section, and
/// commit it.
@Suite struct CommandReferenceTests {
  static let path = "docs/commands.md"
  static let begin = "<!-- BEGIN COMMAND REFERENCE: generated from the help text by CommandReferenceTests -->\n"
  static let end = "<!-- END COMMAND REFERENCE -->"

  @Test func theCommandReferenceIsTheHelpText() throws {
    let url = Repository.root.appendingPathComponent(Self.path)
    let document = try String(contentsOf: url, encoding: .utf8)
    let expected = HelpFormatter.markdownReference()
    guard let start = document.range(of: Self.begin),
      let stop = document.range(of: Self.end, range: start.upperBound..<document.endIndex)
    else {
      Issue.record("\(Self.path) has no command reference section between the markers")
      return
    }
    let current = String(document[start.upperBound..<stop.lowerBound])
    if current != expected, ProcessInfo.processInfo.environment["IAP_UPDATE_DOCS"] == "1" {
      try (document[..<start.upperBound] + expected + document[stop.lowerBound...]).write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(current == expected, "\(Self.path)'s command reference differs from the help text: run swift test with IAP_UPDATE_DOCS=1")
  }

  @Test func everyCommandAppearsInTheReference() {
    let reference = HelpFormatter.markdownReference()
    for command in CommandRegistry.commands {
      #expect(reference.contains("### " + (["iap"] + command.spec.path).joined(separator: " ") + "\n"))
    }
  }
}
