import Testing

@testable import IAPCore

@Suite struct ByteRateTests {
  @Test func readsRatesInEveryUnit() {
    #expect(ByteRate("2MB/s")?.bytesPerSecond == 2_000_000)
    #expect(ByteRate("500KB/s")?.bytesPerSecond == 500_000)
    #expect(ByteRate("10mb/s")?.bytesPerSecond == 10_000_000)
    #expect(ByteRate("1.5MB/s")?.bytesPerSecond == 1_500_000)
    #expect(ByteRate("64KiB/s")?.bytesPerSecond == 65_536)
    #expect(ByteRate("1GiB")?.bytesPerSecond == 1 << 30)
    #expect(ByteRate("100B/s")?.bytesPerSecond == 100)
    #expect(ByteRate("4096")?.bytesPerSecond == 4096)
    #expect(ByteRate("2M")?.bytesPerSecond == 2_000_000)
  }

  @Test func refusesWhatIsNotARate() {
    for text in ["", "fast", "MB/s", "-2MB/s", "0MB/s", "0.0000001KB/s", "2TB/s", "1e6", "2 MB/s", "2MB/h", ".5MB/s", "1.MB/s", "200GB/s"] {
      #expect(ByteRate(text) == nil, "\(text)")
    }
  }

  @Test func isWrittenInItsShortestExactSpelling() {
    #expect(ByteRate("2000KB/s")?.description == "2MB/s")
    #expect(ByteRate("1.5MB/s")?.description == "1500KB/s")
    #expect(ByteRate("64KiB/s")?.description == "64KiB/s")
    #expect(ByteRate("1234")?.description == "1234B/s")
    #expect(ByteRate.standard.description == "2MB/s")
  }

  @Test func timesBytes() {
    #expect(ByteRate("2MB/s")!.seconds(for: 3_000_000) == 1.5)
  }

  @Test func isTheDownloadRateSettingsValue() throws {
    #expect(try StoreSettings.normalize(key: "download-rate", value: "500kb/s") == "500KB/s")
    #expect(throws: SettingError.self) { try StoreSettings.normalize(key: "download-rate", value: "quick") }
    let settings = StoreSettings(storefront: "USA", locale: "en_US", overrides: ["download-rate": "10MB/s", "fail-download": "on"])
    #expect(settings.downloadRate.bytesPerSecond == 10_000_000)
    #expect(settings.failDownload)
    let defaults = StoreSettings(storefront: "USA", locale: "en_US")
    #expect(defaults.downloadRate == .standard)
    #expect(!defaults.failDownload)
  }
}
