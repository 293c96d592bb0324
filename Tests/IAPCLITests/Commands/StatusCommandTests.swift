import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// One overview, empty listings said on a terminal, history filters, and a
/// progress line for long clock moves.
@Suite struct StatusCommandTests {
  let harness = TestHarness()

  @Test func statusGathersTheStoreInOneView() {
    harness.run("settings set storefront FRA")
    harness.run("buy sword --finish")
    harness.run("buy pro.monthly --finish")
    harness.run("buy gems")
    let text = harness.run("status").stdout
    #expect(text.hasPrefix("clock          2026-01-15T10:00:00Z (real), time rate realTime\n"), "\(text)")
    #expect(text.contains("settings       storefront FRA (set)\n"))
    #expect(text.contains("unfinished     1 transaction (iap queue)\n"))
    #expect(text.contains("subscriptions  pro.monthly  subscribed  auto-renew on  renews 2026-02-15T10:00:00Z\n"))
    let json = harness.run("status --json").json
    #expect(json["unfinished"] == .int(1))
    #expect(json["settings"]?["storefront"]?["value"] == .string("FRA"))
    #expect(json["entitlements"]?.arrayValue?.count == 2)
    #expect(json["subscriptions"]?.arrayValue?.first?["nextEvent"]?["kind"] == .string("renewal"))
    #expect(json["pendingApproval"]?.arrayValue?.isEmpty == true)
  }

  @Test func emptyListingsAreSaidOnATerminalOnly() {
    harness.terminal = true
    #expect(harness.run("queue").stderr == "no unfinished transactions\n")
    #expect(harness.run("history").stderr == "no transactions\n")
    #expect(harness.run("entitlements").stderr == "no entitlements\n")
    #expect(harness.run("subscription status").stderr == "no subscriptions\n")
    #expect(harness.run("notifications").stderr == "no notifications\n")
    #expect(harness.run("queue --quiet").stderr == "")
    #expect(harness.run("queue").stdout == "")
    harness.terminal = false
    let piped = harness.run("queue")
    #expect(piped.stdout == "" && piped.stderr == "", "scripts rely on an empty stdout and a silent stderr")
  }

  @Test func historyFiltersByProductDateAndCount() {
    harness.run("buy gems --finish")
    harness.advance(seconds: 60)
    harness.run("buy sword --finish")
    harness.advance(seconds: 60)
    harness.run("buy gems --finish")
    #expect(harness.run("history --product gems --json").json.transactions.map { $0["id"] } == [.string("1"), .string("3")])
    #expect(harness.run("history --since 2026-01-15T10:01:00Z --json").json.transactions.count == 2)
    #expect(harness.run("history --limit 1").stdout.hasPrefix("#3  purchased  gems"))
    #expect(harness.run("history --product gems --limit 1 --json").json.transactions.map { $0["id"] } == [.string("3")])
    for bad in ["history --limit 0", "history --limit x", "history --since yesterday"] {
      let result = harness.run(bad)
      #expect(result.status == 64, "\(bad)")
      #expect(result.stderr.hasPrefix("error: invalid value for '--"), "\(bad)")
    }
  }

  @Test func aLongClockMoveShowsProgressOnATerminalOnly() {
    harness.run("buy pro.monthly --finish")
    harness.terminal = true
    let shown = harness.run("clock advance 2y")
    #expect(shown.stderr.contains("clock: 24 events of at most"), "\(shown.stderr)")
    #expect(shown.stderr.hasSuffix("\r\u{1B}[K"), "the line is taken away at the end")
    #expect(harness.run("clock advance 2y --quiet").stderr == "")
    harness.terminal = false
    #expect(harness.run("clock advance 2y").stderr == "")
  }
}
