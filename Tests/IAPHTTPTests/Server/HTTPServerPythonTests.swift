import Foundation
import Testing
@testable import IAPFormats
@testable import IAPHTTP

/// `python3` on the search path, or nil: the cross-check is skipped without it.
private let python3: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
  .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

/// The server against an HTTP client it was not written with: Python's `http.client`, which
/// keeps one connection open across requests as a real client of the App Store Server API
/// would.
@Suite struct HTTPServerPythonTests {
  /// Four requests on one `HTTPConnection`; prints each answer and the local port used, so
  /// that reuse of the one connection shows.
  static let script = """
    import http.client, json, sys
    c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=5)
    answers, ports = [], []
    def go(method, path, body=None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        c.request(method, path, body=body, headers=headers)
        r = c.getresponse()
        data = r.read()
        ports.append(c.sock.getsockname()[1])
        answers.append({"status": r.status, "version": r.version, "close": r.will_close, "body": json.loads(data)})
    go("GET", "/inApps/v1/history/1?revision=a%2Bb&name=J%C3%BCrgen")
    go("POST", "/inApps/v1/notifications/test", json.dumps({"a": 1}))
    go("PUT", "/inApps/v1/transactions/consumption/1", json.dumps({"b": [1, 2]}))
    go("DELETE", "/x")
    print(json.dumps({"answers": answers, "connections": len(set(ports))}))
    """

  @Test(.enabled(if: python3 != nil, "python3 is not on PATH: the http.client cross-check is skipped"))
  func pythonKeepsOneConnectionForFourRequests() throws {
    let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: HTTPServerTests.echo)
    server.start()
    defer { server.stop() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python3!)
    process.arguments = ["-c", Self.script, String(server.port)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // Bounded: python's own socket timeout is 5 s; this is the backstop.
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning {
      process.terminate()
      Issue.record("python3 did not finish within 20 s")
      return
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    try #require(process.terminationStatus == 0, "python3 failed: \(text)")
    let result = try JSONParser.parse(text)
    #expect(result["connections"] == .int(1), "one connection for all four requests")
    guard case .array(let answers) = result["answers"] else {
      Issue.record("no answers: \(text)")
      return
    }
    #expect(answers.count == 4)
    for answer in answers {
      #expect(answer["status"] == .int(200))
      #expect(answer["version"] == .int(11))
      #expect(answer["close"] == .bool(false))
    }
    #expect(answers[0]["body"]?["query"] == .array([.array([.string("revision"), .string("a+b")]), .array([.string("name"), .string("Jürgen")])]))
    #expect(answers[1]["body"]?["body"] == .object([("a", .int(1))]))
    #expect(answers[2]["body"]?["method"] == .string("PUT"))
    #expect(answers[2]["body"]?["body"] == .object([("b", .array([.int(1), .int(2)]))]))
    #expect(answers[3]["body"]?["path"] == .string("/x"))
  }
}
