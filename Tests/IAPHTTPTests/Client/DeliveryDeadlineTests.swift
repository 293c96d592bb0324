import Foundation
import Testing

@testable import IAPHTTP
import IAPSystem

// The server below is written against Glibc's socket API; the deadline itself is
// platform-neutral and the e2e drip-server scenario covers it everywhere.
#if canImport(Glibc)
import Glibc

/// A server that sends one byte every 4 s would keep a delivery going for hours if only
/// each read had a timeout: the whole delivery has a deadline too.
@Suite struct DeliveryDeadlineTests {
  /// A server on a loopback port that answers each connection one byte every `pause`
  /// seconds, never ending the status line. Returns the port; it stops with the process.
  static func dripServer(pause: Double) -> UInt16 {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        _ = bind(listener, pointer, length)
        _ = getsockname(listener, pointer, &length)
      }
    }
    listen(listener, 4)
    Thread.detachNewThread {
      while true {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        Thread.detachNewThread {
          var buffer = [UInt8](repeating: 0, count: 4096)
          _ = read(connection, &buffer, buffer.count)
          var byte: UInt8 = 0x48
          // MSG_NOSIGNAL: once the client gives up, a plain write would raise SIGPIPE and
          // end the whole test process.
          while send(connection, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 { Thread.sleep(forTimeInterval: pause) }
          close(connection)
        }
      }
    }
    return UInt16(bigEndian: address.sin_port)
  }

  @Test func aDripFeedingServerIsCutOffAtTheDeadline() {
    let port = Self.dripServer(pause: 0.2)
    let start = Date()
    #expect(throws: HTTPPoster.Failure.self) {
      try HTTPPoster.post(Array("{}".utf8), to: "http://127.0.0.1:\(port)/", timeout: 5, deadline: Deadline(seconds: 1))
    }
    let took = Date().timeIntervalSince(start)
    #expect(took < 3, "each read came within its 5 s timeout, but the round's 1 s deadline ends it: took \(took) s")
  }

  @Test func aPassedDeadlineFailsWithoutConnecting() {
    do {
      try HTTPPoster.post([], to: "http://127.0.0.1:9/", deadline: Deadline(seconds: 0))
      Issue.record("expected a failure")
    } catch {
      #expect(error.reason == "no answer within 0 seconds for the whole delivery")
    }
  }
}
#endif
