import Foundation
import Testing

@testable import IAPFormats

/// The property-list reader on its own: the catalog's tests read plists through it too, but
/// only this suite states what the format allows.
@Suite struct PlistParserTests {
  static let expected: PlistValue = .dictionary([
    "name": .string("Écu ✓"),
    "count": .integer(-42),
    "price": .real(0.99),
    "on": .bool(true),
    "off": .bool(false),
    "when": .date(Date(timeIntervalSince1970: 1_768_471_200)),
    "bytes": .data(Data([0, 1, 254, 255])),
    "list": .array([.integer(1), .array([]), .dictionary([:])]),
  ])

  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>name</key><string>&#201;cu &#x2713;</string>
      <key>count</key><integer>-42</integer>
      <key>price</key><real>0.99</real>
      <key>on</key><true/>
      <key>off</key><false/>
      <key>when</key><date>2026-01-15T10:00:00Z</date>
      <key>bytes</key><data>AAH+/w==</data>
      <key>list</key><array><integer>1</integer><array/><dict/></array>
    </dict>
    </plist>
    """

  @Test func readsEveryXMLTypeExactly() throws {
    #expect(try PlistParser.parse(Array(Self.xml.utf8)) == Self.expected)
  }

  /// The same value written by Python's `plistlib`, an independent writer, in both formats.
  @Test func readsWhatPythonsPlistlibWrites() throws {
    let script = """
      import datetime, plistlib, sys
      value = {"name": "Écu ✓", "count": -42, "price": 0.99, "on": True, "off": False,
               "when": datetime.datetime(2026, 1, 15, 10, 0, 0), "bytes": bytes([0, 1, 254, 255]),
               "list": [1, [], {}]}
      kind = plistlib.FMT_BINARY if sys.argv[1] == "binary" else plistlib.FMT_XML
      sys.stdout.buffer.write(plistlib.dumps(value, fmt=kind))
      """
    for format in ["binary", "xml"] {
      guard let bytes = Self.python(script, format) else { return }  // no python3: the XML case stands alone
      #expect(bytes.starts(with: Array("bplist00".utf8)) == (format == "binary"))
      #expect(try PlistParser.parse(bytes) == Self.expected, "\(format)")
    }
  }

  @Test func keepsBooleansAndIntegersApart() throws {
    let text = "<plist><array><true/><integer>1</integer></array></plist>"
    #expect(try PlistParser.parse(Array(text.utf8)) == .array([.bool(true), .integer(1)]))
  }

  @Test func refusesNestingDeeperThanTheLimitWithAnError() {
    let depth = PlistParser.maximumDepth + 1
    let text = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
    #expect(throws: PlistParseError.self) { try PlistParser.parse(Array(text.utf8)) }
  }

  @Test func namesWhereADamagedDocumentGoesWrong() {
    do {
      _ = try PlistParser.parse(Array("bplist00".utf8) + [0, 1, 2])
      Issue.record("a truncated binary plist parsed")
    } catch {
      #expect(error.reason.contains("too short"), "\(error)")
      #expect(error.description.hasSuffix("at byte \(error.offset)"))
    }
    #expect(throws: PlistParseError.self) { try PlistParser.parse(Array("<plist><dict><key>a</key></dict></plist>".utf8)) }
  }

  /// What `python3 -c script argument` writes, or nil without python3.
  static func python(_ script: String, _ argument: String) -> [UInt8]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, argument]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? [UInt8](data) : nil
  }
}
