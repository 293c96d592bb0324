import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct SettingsCommandTests {
  let harness = TestHarness()

  @Test func showsEverySettingWithItsSource() {
    let result = harness.run("settings")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("ask-to-buy                 off           (default)\ncan-make-payments          on            (default)\n"))
    let json = harness.run("settings --json").json
    #expect(json["settings"]?["locale"]?["value"] == .string("en_US"))
    #expect(json["settings"]?.objectValue?.count == StoreSettings.specs.count)
  }

  @Test func setPersistsAndResetRestoresTheDefaults() {
    #expect(harness.run("settings set ask-to-buy yes").stdout == "ask-to-buy  on  (set)\n")
    #expect(harness.run("settings set fail-purchase 5").stdout == "fail-purchase  storeProductNotAvailable  (set)\n")
    #expect(harness.run("settings --json").json["settings"]?["ask-to-buy"]?["source"] == .string("set"))
    harness.run("settings reset fail-purchase")
    #expect(harness.run("settings --json").json["settings"]?["fail-purchase"]?["value"] == .string("off"))
    #expect(harness.run("settings --json").json["settings"]?["ask-to-buy"]?["value"] == .string("on"))
    harness.run("settings reset")
    #expect(harness.run("settings --json").json["settings"]?["ask-to-buy"]?["value"] == .string("off"))
  }

  @Test func badKeysAndValuesAreUsageErrorsThatChangeNothing() {
    harness.run("settings set ask-to-buy on")
    let before = harness.read(".iap/settings.json")
    let unknown = harness.run("settings set ask-to-by off")
    #expect(unknown.status == 64)
    #expect(unknown.stderr.hasPrefix("error: unknown setting 'ask-to-by' (did you mean 'ask-to-buy'?)\n"))
    let bad = harness.run("settings set fail-restore soon")
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("error: invalid value for fail-restore: expected an SKError name or number"))
    #expect(harness.run("settings reset nope").status == 64)
    #expect(harness.read(".iap/settings.json") == before)
  }

  @Test func theLocaleSettingDrivesProductDisplay() {
    harness.run("settings set locale fr_FR")
    // The locale formats; the storefront (USA) keeps the currency.
    #expect(harness.run("products list --json").json["products"]?.arrayValue?.first?["displayPrice"] == .string("0,99\u{a0}$US"))
    #expect(harness.run("products list --json --locale en_US").json["products"]?.arrayValue?.first?["displayPrice"] == .string("$0.99"))
  }

  @Test func anUnreadableSettingsFileIs74() {
    harness.run("settings set ask-to-buy on")
    harness.write(".iap/settings.json", "[1]")
    #expect(harness.run("buy gems").status == 74)
    #expect(harness.read(".iap/settings.json") == "[1]")
  }

  @Test func setHelpListsEveryKeyWithItsValues() {
    let discussion = SettingsSetCommand.spec.discussion ?? ""
    for spec in StoreSettings.specs {
      #expect(discussion.contains("\n\(spec.name): \(spec.kind.grammar). \(spec.help)"))
    }
    #expect(harness.run("settings set --help").stdout.contains("\nfail-download: on or off."))
  }

  @Test func storeKitErrorSettingsTakeOn() {
    #expect(harness.run("settings set fail-restore on").stdout == "fail-restore  unknown  (set)\n")
  }
}
