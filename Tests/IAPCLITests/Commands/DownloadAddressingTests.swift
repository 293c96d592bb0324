import Foundation
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// Downloads are named by transaction id, like everything else a command acts on:
/// the transaction's product has the download. A product id still works where it is one.
@Suite struct DownloadAddressingTests {
  let harness = TestHarness(catalog: TestHarness.contentCatalog)

  init() {
    harness.writeLevels(size: 30_000)
    harness.write("content/map.bin", bytes: TestHarness.pattern(5000, seed: 3))
  }

  @Test func aTransactionIdNamesItsProductsDownload() {
    harness.run("buy levels")
    harness.run("buy map")
    let map = harness.run("download start 2 --rate 1GB/s")
    #expect(map.status == 0)
    #expect(map.stdout.hasPrefix("map  finished  100%  5.0 KB / 5.0 KB  transaction #2  "))
    #expect(harness.bytes(".iap/downloads/map/map.bin") == TestHarness.pattern(5000, seed: 3), "one download per product")
    #expect(harness.run("download status 1").stdout == "levels  waiting    0%  transaction #1\n")
    #expect(harness.run("download status #2").stdout == map.stdout, "a leading # is allowed, as 'iap queue' shows ids")
    #expect(harness.run("download status map").stdout == map.stdout, "the product id names it too")
    #expect(harness.run("download cancel 1").stdout == "levels  cancelled    0%  0 B / 0 B  transaction #1\n")
    #expect(harness.run("finish 1 2").status == 0)
  }

  @Test func aRestoreDeliversItsProductsContent() {
    harness.run("buy levels --finish")
    let restored = harness.run("buy levels")
    #expect(restored.stdout.contains("#2  restored"))
    let download = harness.run("download start 2 --rate 1GB/s")
    #expect(download.status == 0)
    #expect(download.stdout.contains("transaction #2"), "the download records the transaction it delivers")
    // The purchase the restore gives back names the same download.
    #expect(harness.run("download status 1").stdout == download.stdout)
  }

  @Test func everyDownloadCommandRefusesAnUnknownTransactionAsOtherCommandsDo() {
    harness.run("buy levels --account bob")
    let refund = harness.run("refund 9")
    for command in ["start 9", "status 9", "pause 9", "resume 9", "cancel 9"] {
      let result = harness.run("download \(command)")
      #expect(result.status == refund.status && result.stderr == refund.stderr, "\(command)")
      #expect(result.stderr == "error: unknown transaction '9'\n")
    }
    // Another account's transaction is not this account's to name.
    #expect(harness.run("download start 1").stderr == "error: unknown transaction '1'\n")
    #expect(harness.run("download start #x").stderr == "error: unknown transaction '#x'\n")
    #expect(!harness.exists(".iap/downloading"), "a refused download records nothing")
  }

  @Test func aTransactionWithoutContentIsRefusedNamingItsProduct() {
    harness.run("buy gems")
    harness.run("buy sword")
    for command in ["start", "status", "pause", "resume", "cancel"] {
      #expect(harness.run("download \(command) 1").stderr
        == "error: no hosted content for 'gems': it is a consumable: only non-consumables have hosted content\n", "\(command)")
      #expect(harness.run("download \(command) 2").stderr
        == "error: no hosted content for 'sword': the catalog gives it no 'content'\n", "\(command)")
    }
  }

  @Test func onlyAPurchaseOrRestoreTheAccountOwnsDeliversContent() {
    harness.run("buy levels --fail paymentCancelled")
    let failed = harness.run("download start 1")
    #expect(failed.status == 1)
    #expect(failed.stderr == "error: transaction 1 is failed: only a purchase or restore delivers hosted content\n")
    harness.run("buy map")
    harness.run("refund 2")
    let refunded = harness.run("download status 2")
    #expect(refunded.status == 1)
    #expect(refunded.stderr == "error: account 'default' does not own 'map': buy it before downloading its content\n")
  }

  @Test func anAllDigitArgumentIsATransactionFirstThenAProduct() {
    harness.write("catalog.plist", TestHarness.plist(products: [
      TestHarness.product("7", "nonConsumable", price: "<string>1</string>", extra: "<key>content</key><string>content/map.bin</string>"),
      TestHarness.product("levels", "nonConsumable", price: "<string>1</string>", extra: "<key>content</key><string>content/levels</string>"),
    ]))
    harness.run("buy 7")
    // No transaction 7: the product.
    let byProduct = harness.run("download start 7 --rate 1GB/s")
    #expect(byProduct.status == 0)
    #expect(byProduct.stdout.hasPrefix("7  finished  100%  5.0 KB / 5.0 KB  transaction #1  "))
    #expect(harness.run("download status 1").stdout == byProduct.stdout)
    for _ in 2...7 { harness.run("buy levels") }
    // Transaction 7 now exists (a restore of levels): the argument names it.
    #expect(harness.run("download status 7").stdout == "levels  waiting    0%  transaction #7\n")
    #expect(harness.run("download status 8").stderr == "error: unknown transaction '8'\n")
  }

  @Test func helpSaysTheIdIsATransactionId() {
    for command in ["start", "status", "pause", "resume", "cancel"] {
      // As one line: help wraps its paragraphs.
      let help = harness.run("download \(command) --help").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(help.contains("A transaction id, as 'iap queue' shows it (or the product id)."), "\(command)")
      #expect(help.contains("The id is the transaction id of the account's purchase or restore"), "\(command)")
    }
  }
}
