import Foundation
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// The README's command reference is the help text itself. If this fails after a change to a
/// command, run the tests once with IAP_UPDATE_README=1 to rewrite the section, and commit it.
@Suite struct ReadmeReferenceTests {
  static let begin = "<!-- BEGIN COMMAND REFERENCE: generated from the help text by ReadmeReferenceTests -->\n"
  static let end = "<!-- END COMMAND REFERENCE -->"

  @Test func theReadmeCommandReferenceIsTheHelpText() throws {
    let url = EndToEndTests.packageRoot.appendingPathComponent("README.md")
    let readme = try String(contentsOf: url, encoding: .utf8)
    let expected = HelpFormatter.markdownReference()
    guard let start = readme.range(of: Self.begin), let stop = readme.range(of: Self.end, range: start.upperBound..<readme.endIndex)
    else {
      Issue.record("README.md has no command reference section between the markers")
      return
    }
    let current = String(readme[start.upperBound..<stop.lowerBound])
    if current != expected, ProcessInfo.processInfo.environment["IAP_UPDATE_README"] == "1" {
      try (readme[..<start.upperBound] + expected + readme[stop.lowerBound...]).write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(current == expected, "README.md's command reference differs from the help text: run swift test with IAP_UPDATE_README=1")
  }

  @Test func everyCommandAppearsInTheReference() {
    let reference = HelpFormatter.markdownReference()
    for command in CommandRegistry.commands {
      #expect(reference.contains("### " + (["iap"] + command.spec.path).joined(separator: " ") + "\n"))
    }
  }
}
