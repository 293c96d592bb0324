import Foundation
import Testing

@testable import IAPSystem

/// `CurrentProcess` is this process.
@Suite struct CurrentProcessTests {
  @Test func theIdIsThisProcesss() {
    #expect(CurrentProcess.id == ProcessInfo.processInfo.processIdentifier)
  }
}
