import Foundation
import Testing
@testable import IAPHTTP

/// What a few slow or idle clients can take (`HTTPConnectionSlots`): a newcomer takes the
/// slot of a connection that is not being answered; only busy slots make a 503; one address
/// holds at most its share; a slow head is cut at its own deadline.
@Suite struct HTTPConnectionSlotsTests {
  @Test func connectionsBeyondTheLimitAre503WhenEveryOneIsBeingAnswered() throws {
    var configuration = HTTPServer.Configuration()
    configuration.maxConnections = 1
    let release = DispatchSemaphore(value: 0)
    let entered = DispatchSemaphore(value: 0)
    try HTTPServerTests.withServer(configuration, handler: { request in
      if request.path == "/hold" {
        entered.signal()
        release.wait()
      }
      return .text("ok")
    }) { server in
      let first = try HTTPTestClient(port: server.port)
      try first.send("GET /hold HTTP/1.1\r\nHost: h\r\n\r\n")
      entered.wait()
      let second = try HTTPTestClient(port: server.port)
      let busy = try second.readResponse()
      #expect(busy.status == 503 && busy.closes)
      release.signal()
      #expect(try first.readResponse().status == 200)
    }
  }

  @Test func anIdleConnectionGivesUpItsSlotToANewcomer() throws {
    var configuration = HTTPServer.Configuration()
    configuration.maxConnections = 1
    try HTTPServerTests.withServer(configuration) { server in
      let idle = try HTTPTestClient(port: server.port)
      #expect(try idle.request("GET", "/").status == 200)
      // The client has its answer a moment before the server's thread marks the connection
      // idle; until then it is busy and a newcomer would rightly get a 503.
      let start = Date()
      while server.busyConnections > 0 && Date().timeIntervalSince(start) < 5 { Thread.sleep(forTimeInterval: 0.005) }
      let newcomer = try HTTPTestClient(port: server.port)
      #expect(try newcomer.request("GET", "/next").status == 200)
      #expect(idle.isClosedByServer())
      while server.busyConnections > 0 && Date().timeIntervalSince(start) < 5 { Thread.sleep(forTimeInterval: 0.005) }
      let silent = try HTTPTestClient(port: server.port)  // never sends: taken back in turn
      _ = silent
      #expect(try HTTPTestClient(port: server.port).request("GET", "/again").status == 200)
    }
  }

  @Test func anAddressAtItsShareTakesBackItsOwnQuietestConnection() {
    let slots = HTTPConnectionSlots(capacity: 4, share: 2)
    var pipes: [Int32] = []
    func socketPair() -> Int32 {
      var fds: [Int32] = [0, 0]
      _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
      pipes += fds
      return fds[0]
    }
    defer { pipes.forEach { close($0) } }
    let a1 = slots.admit(fd: socketPair(), address: "10.0.0.1")!
    let a2 = slots.admit(fd: socketPair(), address: "10.0.0.1")!
    let b1 = slots.admit(fd: socketPair(), address: "10.0.0.2")!
    slots.enter(.busy, id: a2)
    // At its share: its one connection not being answered goes, not the other address's.
    let a3 = slots.admit(fd: socketPair(), address: "10.0.0.1")
    #expect(a3 != nil)
    #expect(!slots.enter(.waiting, id: a1), "a1 was taken back")
    #expect(slots.enter(.waiting, id: b1))
    slots.enter(.busy, id: a3!)
    // Now both of its slots are busy: refused, while another address still gets in.
    #expect(slots.admit(fd: socketPair(), address: "10.0.0.1") == nil)
    #expect(slots.admit(fd: socketPair(), address: "10.0.0.3") != nil)
    #expect(slots.count == 4)
  }

  @Test func aHeadTrickledInIsCutAtTheHeadDeadline() throws {
    var configuration = HTTPServerTests.quick
    configuration.headTimeoutMilliseconds = 300
    configuration.requestTimeoutMilliseconds = 5_000
    try HTTPServerTests.withServer(configuration) { server in
      let slow = try HTTPTestClient(port: server.port)
      let start = Date()
      try slow.send("GET / HTTP/1.1\r\n")
      let response = try slow.readResponse()
      #expect(response.status == 408)
      #expect(Date().timeIntervalSince(start) < 2)
    }
  }

  @Test func aConnectionThatNeverSpeaksIsClosedAtTheFirstByteDeadline() throws {
    var configuration = HTTPServer.Configuration()
    configuration.firstByteTimeoutMilliseconds = 200
    try HTTPServerTests.withServer(configuration) { server in
      let silent = try HTTPTestClient(port: server.port)
      let start = Date()
      while server.activeConnections > 0 && Date().timeIntervalSince(start) < 3 { Thread.sleep(forTimeInterval: 0.02) }
      #expect(Date().timeIntervalSince(start) < 2)
      #expect(silent.isClosedByServer())
    }
  }
}
