import Foundation
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPKit

/// Every shell example of the README and docs/ runs as shown: each block's `iap` commands run
/// in order, in process, against a fresh state in a folder of their own with the bundled
/// catalog.plist (and the files the block names, `DocumentationExampleFiles`), the clock
/// pinned at the harness's 2026-01-15T10:00:00Z; what each prints, stdout and stderr in the
/// order a terminal shows them, must be the lines shown under it, after the normalizations
/// below. A command shown with an `error:` line must fail, any other succeed; a script (`sh`)
/// shows no output, so its commands must only succeed. What cannot run is in `skipped`, with
/// the reason.
@Suite struct DocumentationExampleTests {
  /// The documents whose examples run: the README and every page of docs/.
  static let documents = ["README.md"] + docs

  /// The pages of docs/, by path in the package.
  static var docs: [String] {
    let folder = EndToEndTests.packageRoot.appendingPathComponent("docs").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// Commands not run, by how they start, each with the reason. A rule that no example uses
  /// fails the test, so the list cannot outlive what it excuses.
  static let skipped: [(prefix: String, reason: String)] = [
    ("swift ", "builds or tests this package: the test runs in that build, on the program it built"),
    ("iap serve", "serves until it is stopped; its routes are ControlPlaneTests' and scripts/e2e/control.sh's"),
    ("IAP_URL=", "sets the shell variable that the curl lines after it use"),
    (
      "curl ",
      "asks a running iap serve over HTTP: those of `requests` go to the in-process server in "
        + "theControlPlanesExamplesAnswerAsShown, the others are in unrunRequests with why "
        + "(theControlPlanesAnswersAreShownAsTheServerPrintsThem checks the form of every answer)"
    ),
    ("docker ", "needs a container runtime and an image"),
    ("iap receipt verify", "asks Apple's verifyReceipt server over the network"),
  ]

  /// A command holding an elision (`…`) stands for one whose value is too long to show and
  /// different each time (a signature, a token): it cannot run as shown.
  static let elisionReason = "an elided value (…): a signature or token made for the occasion"

  /// Why `command` is not run, or nil when it runs.
  static func skipReason(_ command: DocumentationExample.Command) -> String? {
    if command.text.contains("…") { return elisionReason }
    return skipped.first { command.text.hasPrefix($0.prefix) }?.reason
  }

  /// The normalizations, applied to a line the program printed and to the line shown alike.
  /// Each stands for what cannot be the same in two runs:
  /// - the working folder: the docs' is `/home/me/game`, the test's a new temporary one;
  /// - UUIDs (`keys create`'s issuer id): random, made per state;
  /// - `keys create`'s key id: ten random letters and digits, made per key.
  static func normalized(_ line: String, folder: String) throws -> String {
    var line = line.replacingOccurrences(of: folder, with: "/home/me/game")
    line = line.replacing(try Regex("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), with: "<uuid>")
    return line.replacing(try Regex("^keyId( +)[0-9A-Z]{10}$"), with: "keyId <key id>")
  }

  /// Every example of `documents`, in order.
  static func examples() throws -> [DocumentationExample] {
    try documents.flatMap { document in
      let text = try String(contentsOf: EndToEndTests.packageRoot.appendingPathComponent(document), encoding: .utf8)
      return DocumentationExample.examples(in: text, document: document)
    }
  }

  /// The catalog.plist the package bundles, which the examples use.
  static func bundledCatalog() throws -> String {
    try String(contentsOf: EndToEndTests.packageRoot.appendingPathComponent("catalog.plist"), encoding: .utf8)
  }

  @Test func everyExampleRunsAsShown() throws {
    let examples = try Self.examples()
    #expect(examples.count >= 10, "the examples were not found")
    let catalog = try Self.bundledCatalog()
    var ran = 0
    for example in examples {
      let harness = TestHarness(catalog: catalog)
      DocumentationExampleFiles.write(for: example, into: harness)
      for command in example.commands where Self.skipReason(command) == nil {
        let location = "\(example) `\(command.text)`"
        #expect(command.words.first == "iap", "\(location): not iap, and not skipped with a reason")
        guard command.words.first == "iap" else { continue }
        let result = run(Array(command.words.dropFirst()), in: harness)
        ran += 1
        guard let shown = command.shown else {
          #expect(result.status == 0, "\(location) failed (\(result.status)):\n\(result.transcript)")
          continue
        }
        var lines = result.transcript.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let printed = try lines.map { try Self.normalized($0, folder: harness.directory) }
        let expected = try shown.map { try Self.normalized($0, folder: harness.directory) }
        #expect(printed == expected, "\(location) printed:\n\(printed.joined(separator: "\n"))")
        #expect((result.status == 0) == !shown.contains { $0.hasPrefix("error: ") }, "\(location) exited \(result.status)")
      }
    }
    #expect(ran >= 20, "too few commands ran: the examples were not parsed")
  }

  @Test func everySkipExcusesSomeExample() throws {
    let commands = try Self.examples().flatMap(\.commands)
    for rule in Self.skipped {
      #expect(commands.contains { $0.text.hasPrefix(rule.prefix) }, "no example needs the skip '\(rule.prefix)'")
    }
  }

  /// The control plane answers compact JSON, and its examples (skipped above, being curl's)
  /// show it so: no blank outside a string but before an elision.
  @Test func theControlPlanesAnswersAreShownAsTheServerPrintsThem() throws {
    let examples = try Self.examples().filter { $0.document == "docs/control-api.md" }
    let answers = examples.flatMap(\.commands).flatMap { $0.shown ?? [] }.filter { $0.hasPrefix("{") }
    #expect(answers.count > 30)
    for answer in answers {
      var inString = false
      var escaped = false
      for (character, next) in zip(answer, answer.dropFirst()) {
        if inString {
          if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
        } else if character == "\"" {
          inString = true
        } else if character == " " {
          #expect(next == "…", "docs/control-api.md shows a spaced answer: \(answer.prefix(80))")
          break
        }
      }
    }
  }

  @Test func aTranscriptIsReadAsTheShellReadsIt() {
    let markdown = """
      ```console
      $ iap buy 'a b' "c" d  # a comment
      one
      $ iap finish \\
          1
      ```
      ```swift
      $ not a shell example
      ```
      """
    let examples = DocumentationExample.examples(in: markdown, document: "x.md")
    #expect(examples.count == 1)
    #expect(examples.first?.commands.map(\.words) == [["iap", "buy", "a b", "c", "d"], ["iap", "finish", "1"]])
    #expect(examples.first?.commands.map(\.shown) == [["one"], []])
  }

  /// What one command printed, stdout and stderr as a terminal interleaves them.
  struct Printed {
    var status: Int32
    var stdout = ""
    var transcript = ""
  }

  /// Runs `iap arguments` in `harness`'s folder at its clock; `> FILE` sends stdout to the
  /// file, as the shell would.
  func run(_ arguments: [String], in harness: TestHarness) -> Printed {
    var arguments = arguments
    var target: String?
    if let redirect = arguments.firstIndex(of: ">"), redirect + 1 < arguments.count {
      target = arguments[redirect + 1]
      arguments.removeSubrange(redirect...)
    }
    var printed = Printed(status: 0)
    let console = Console(
      out: {
        printed.stdout += $0
        if target == nil { printed.transcript += $0 }
      }, err: { printed.transcript += $0 })
    let now = harness.now
    let environment = Environment(variables: [:], currentDirectory: harness.directory, now: { now })
    printed.status = CLI.run(arguments: arguments, environment: environment, console: console)
    if let target { harness.write(target, printed.stdout) }
    return printed
  }
}
