import Foundation
import Testing
@testable import IAPHTTP

/// What bounds the server: request, idle and write deadlines, the connection limit, and
/// stopping. Timeouts under test are a few hundred milliseconds; every wait is bounded, with
/// room for a loaded machine (the tests run beside the end-to-end scripts on 2 cores) yet
/// well short of what a missing deadline would take.
@Suite struct HTTPServerLifecycleTests {
  @Test func aStalledRequestIsDroppedWithoutHoldingOthersUp() throws {
    try HTTPServerTests.withServer(HTTPServerTests.quick) { server in
      let stalled = try HTTPTestClient(port: server.port)
      let start = Date()
      try stalled.send("POST /slow HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nhalf")
      // Others are served meanwhile.
      let other = try HTTPTestClient(port: server.port)
      for index in 0..<3 { #expect(try other.request("GET", "/fast/\(index)").status == 200) }
      let response = try stalled.readResponse()
      let took = Date().timeIntervalSince(start)
      #expect(response.status == 408)
      #expect(response.closes)
      #expect(stalled.isClosedByServer())
      #expect(took >= 0.3 && took < 4, "dropped at the 400 ms request deadline: took \(took) s")
    }
  }

  @Test func aTricklingRequestIsDroppedAtItsDeadline() throws {
    try HTTPServerTests.withServer(HTTPServerTests.quick) { server in
      let client = try HTTPTestClient(port: server.port)
      let start = Date()
      var sent = 0
      // One byte every 100 ms, each within any per-read timeout, until the server answers.
      for byte in "GET /trickle HTTP/1.1\r\nHost: h\r\nX-Padding: aaaaaaaaaaaaaaaaaaaa\r\n".utf8 {
        if client.hasBytesWaiting() { break }
        try client.send([byte])
        sent += 1
        Thread.sleep(forTimeInterval: 0.1)
      }
      let took = Date().timeIntervalSince(start)
      #expect(sent < 20, "cut off after about 4 bytes, not \(sent)")
      #expect(took < 4.5, "the whole request would take 6 s")
      #expect(try client.readResponse().status == 408)
    }
  }

  @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() throws {
    try HTTPServerTests.withServer(HTTPServerTests.quick) { server in
      let silent = try HTTPTestClient(port: server.port)
      let start = Date()
      #expect(silent.isClosedByServer())
      let used = try HTTPTestClient(port: server.port)
      #expect(try used.request("GET", "/").status == 200)
      #expect(used.isClosedByServer())
      #expect(Date().timeIntervalSince(start) < 4)
    }
  }

  @Test func aClientThatLeavesBeforeTheAnswerHarmsNothing() throws {
    let large = HTTPResponse(status: 200, body: [UInt8](repeating: 0x61, count: 8 << 20))
    try HTTPServerTests.withServer(handler: { $0.path == "/large" ? large : .text("ok") }) { server in
      for _ in 0..<3 {
        let leaving = try HTTPTestClient(port: server.port)
        try leaving.send("GET /large HTTP/1.1\r\nHost: h\r\n\r\n")
      }
      // Each closed at once: the server's writes meet a reset, not SIGPIPE (which would end
      // this test process).
      Thread.sleep(forTimeInterval: 0.2)
      #expect(try HTTPTestClient(port: server.port).request("GET", "/small").text == "ok")
    }
  }

  @Test func aClientThatDoesNotReadIsDroppedAtTheWriteDeadline() throws {
    let huge = HTTPResponse(status: 200, body: [UInt8](repeating: 0x61, count: 64 << 20))
    try HTTPServerTests.withServer(HTTPServerTests.quick, handler: { _ in huge }) { server in
      let client = try HTTPTestClient(port: server.port)
      try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
      let start = Date()
      Thread.sleep(forTimeInterval: 0.2)
      #expect(server.activeConnections == 1, "still writing")
      while server.activeConnections > 0 && Date().timeIntervalSince(start) < 4 { Thread.sleep(forTimeInterval: 0.02) }
      #expect(server.activeConnections == 0, "given up after the 1 s write timeout")
      #expect(Date().timeIntervalSince(start) < 3)
    }
  }

  @Test func stopWhileIdleReturnsPromptly() throws {
    let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: HTTPServerTests.echo)
    server.start()
    let client = try HTTPTestClient(port: server.port)
    #expect(try client.request("GET", "/").status == 200)
    let start = Date()
    server.stop()
    #expect(Date().timeIntervalSince(start) < 1, "the 5 s idle timeout is not waited out")
    #expect(client.isClosedByServer())
    #expect(throws: HTTPTestClient.Failure.self, "the listener is closed") { try HTTPTestClient(port: server.port) }
    server.stop()  // again: nothing to do
    let neverStarted = try HTTPServer(host: "127.0.0.1", port: 0, handler: HTTPServerTests.echo)
    neverStarted.stop()
  }

  @Test func stopLetsARequestUnderWayFinish() throws {
    let entered = DispatchSemaphore(value: 0)
    let server = try HTTPServer(host: "127.0.0.1", port: 0) { _ in
      entered.signal()
      Thread.sleep(forTimeInterval: 0.3)
      return .text("done")
    }
    server.start()
    let client = try HTTPTestClient(port: server.port)
    try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
    #expect(entered.wait(timeout: .now() + 3) == .success)
    let stopped = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      server.stop()
      stopped.signal()
    }
    #expect(stopped.wait(timeout: .now() + 0.1) == .timedOut, "stop waits for the handler")
    let response = try client.readResponse()
    #expect(response.text == "done")
    #expect(response.closes, "the last answer says the connection ends")
    #expect(stopped.wait(timeout: .now() + 3) == .success)
  }
}
