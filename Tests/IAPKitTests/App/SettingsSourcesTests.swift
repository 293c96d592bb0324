import Foundation
import IAPStorage
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPFormats
@testable import IAPCrypto

/// Every setting, said in each of the three places a user can say it (a `catalog.plist`'s
/// `settings`, a `.storekit` file's `settings`, `iap settings set`), with the same text, and
/// checked by what it does to the store, not only by what `iap settings` shows (a setting
/// can be shown as in force and have no effect).
@Suite struct SettingsSourcesTests {
  /// Where a setting is said.
  enum Source: String, CaseIterable, CustomTestStringConvertible {
    case catalog, storekit, set
    var testDescription: String { rawValue }
  }

  /// One setting, a value other than its default, and a check of its effect.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var value: String
    /// What `iap settings` shows for it then.
    var shown: String
    var check: @Sendable (TestHarness) -> Void
    var testDescription: String { "\(name) \(value)" }
  }

  static let cases: [Case] = [
    Case(name: "ask-to-buy", value: "on", shown: "on") { h in
      #expect(h.run("buy sword").status == 2, "the purchase is deferred")
    },
    Case(name: "can-make-payments", value: "off", shown: "off") { h in
      #expect(h.run("can-make-payments").stdout == "no\n")
      #expect(h.run("buy gems").stderr.contains("paymentNotAllowed"))
    },
    Case(name: "interrupted-purchases", value: "on", shown: "on") { h in
      let buy = h.run("buy sword")
      #expect(buy.status == 1 && buy.stderr.contains("interrupted"))
    },
    Case(name: "fail-load-products", value: "on", shown: "unknown") { h in
      let fetch = h.run("products fetch gems")
      #expect(fetch.status == 1 && fetch.stderr.contains("unknown"))
    },
    Case(name: "fail-purchase", value: "paymentInvalid", shown: "paymentInvalid") { h in
      let buy = h.run("buy gems")
      #expect(buy.status == 1 && buy.stderr.contains("paymentInvalid"))
    },
    Case(name: "fail-restore", value: "on", shown: "unknown") { h in
      #expect(h.run("restore").status == 1)
    },
    // The StoreKit APIs Xcode's `_storeKitErrors` fails beyond these three.
    Case(name: "fail-app-store-sync", value: "cloudServiceNetworkConnectionFailed", shown: "cloudServiceNetworkConnectionFailed") { h in
      let sync = h.run("restore --sync")
      #expect(sync.status == 1 && sync.stderr.contains("AppStore.sync()"))
      #expect(h.run("restore").status == 0, "restoreCompletedTransactions is another API")
    },
    Case(name: "fail-subscription-status", value: "on", shown: "unknown") { h in
      #expect(h.run("subscription status").status == 1)
    },
    Case(name: "fail-app-transaction", value: "on", shown: "unknown") { h in
      #expect(h.run("app-transaction").status == 1)
    },
    Case(name: "fail-refund-request", value: "paymentCancelled", shown: "paymentCancelled") { h in
      #expect(h.run("buy gems").status == 0)
      let request = h.run("refund-request 1 --reason OTHER")
      #expect(request.status == 1 && request.stderr.contains("paymentCancelled"))
    },
    Case(name: "fail-offer-code-redeem", value: "paymentCancelled", shown: "paymentCancelled") { h in
      // The default catalog has no offer code: the sheet fails before the code is looked at.
      let redeem = h.run("buy gems --offer-code SPRING")
      #expect(redeem.status == 1 && redeem.stderr.contains("presentOfferCodeRedeemSheet") && redeem.stderr.contains("paymentCancelled"))
      #expect(h.run("queue").stdout.isEmpty, "nothing was recorded")
      #expect(h.run("buy gems").status == 0, "a purchase without a code is another API")
    },
    Case(name: "fail-manage-subscriptions", value: "cloudServiceNetworkConnectionFailed", shown: "cloudServiceNetworkConnectionFailed") { h in
      #expect(h.run("buy pro.monthly").status == 0)
      let sheet = h.run("subscription manage")
      #expect(sheet.status == 1 && sheet.stderr.contains("showManageSubscriptions") && sheet.stderr.contains("cloudServiceNetworkConnectionFailed"))
      #expect(h.run("subscription cancel pro.monthly").status == 0, "cancelling is another API")
    },
    Case(name: "storefront", value: "FRA", shown: "FRA") { h in
      let payload = signedPayload(h.run("buy gems --json"))
      #expect(payload?["storefront"] == .string("FRA"))
      #expect(payload?["currency"] == .string("EUR"))
    },
    Case(name: "locale", value: "fr_FR", shown: "fr_FR") { h in
      #expect(h.run("products list --json").json["products"]?.arrayValue?.first?["displayPrice"] == .string("0,99\u{a0}$US"))
    },
    Case(name: "time-rate", value: "monthlyRenewalEveryFiveMinutes", shown: "monthlyRenewalEveryFiveMinutes") { h in
      let bought = h.run("buy pro.monthly --json").json.transactions.last
      let start = bought?["purchaseDate"]?.stringValue.flatMap(Timestamp.init(iso8601:))
      let end = bought?["expirationDate"]?.stringValue.flatMap(Timestamp.init(iso8601:))
      #expect(start != nil && end != nil && end!.milliseconds - start!.milliseconds == 5 * 60_000)
    },
    Case(name: "renewal-limit", value: "1", shown: "1") { h in
      h.run("buy pro.monthly --finish")
      h.run("clock advance 100d")
      let status = h.run("subscription status pro.monthly --json").json["subscriptions"]?.arrayValue?.first
      #expect(status?["renewals"] == .int(1))
      #expect(status?["state"] == .string("expired"))
    },
    Case(name: "billing-retry", value: "on", shown: "on") { h in
      h.run("buy pro.monthly --finish")
      h.run("clock advance 35d")
      let status = h.run("subscription status pro.monthly --json").json["subscriptions"]?.arrayValue?.first
      #expect(status?["state"] == .string("inBillingRetryPeriod"))
    },
    Case(name: "grace-period", value: "on", shown: "on") { h in
      // A grace period begins when a renewal fails: billing retry is set beside it.
      h.run("settings set billing-retry on")
      h.run("buy pro.monthly --finish")
      h.run("clock advance 32d")
      let status = h.run("subscription status pro.monthly --json").json["subscriptions"]?.arrayValue?.first
      #expect(status?["state"] == .string("inGracePeriod"))
    },
    Case(name: "environment", value: "Xcode", shown: "Xcode") { h in
      #expect(signedPayload(h.run("buy gems --json"))?["environment"] == .string("Xcode"))
    },
    Case(name: "app-apple-id", value: "1234567890", shown: "1234567890") { h in
      #expect(h.run("app-transaction --json").json["appAppleId"] == .int(1_234_567_890))
    },
    Case(name: "signing-secret", value: "abc", shown: "abc") { h in
      let token = h.run("buy gems --json").json.transactions.last?["jwsRepresentation"]?.stringValue ?? ""
      #expect((try? JWS.decode(token, key: Array("abc".utf8)))?.signatureValid == true)
      #expect((try? JWS.decode(token, key: Array("another".utf8)))?.signatureValid == false)
    },
    Case(name: "notification-url", value: "http://127.0.0.1:9/asn", shown: "http://127.0.0.1:9/asn") { h in
      // Nothing listens on the discard port: the delivery step tries, fails and says so.
      let buy = h.run("buy gems")
      #expect(buy.status == 0)
      #expect(buy.stderr.contains("notifications: http://127.0.0.1:9/asn failed"))
    },
    Case(name: "download-rate", value: "1KB/s", shown: "1KB/s") { h in
      #expect(resolved(h).downloadRate == ByteRate("1KB/s"))
    },
    Case(name: "fail-download", value: "on", shown: "on") { h in
      #expect(resolved(h).failDownload)
    },
    Case(name: "fail-verification", value: "revokedcertificate", shown: "revokedCertificate") { h in
      #expect(resolved(h).failVerification == "revokedCertificate")
    },
    // What `iap products remove-from-sale` records.
    Case(name: "removed-from-sale", value: "sword, gems", shown: "gems,sword") { h in
      #expect(h.run("buy sword").status == 1)
      #expect(h.run("products fetch sword --json").json["invalidProductIdentifiers"] == .array([.string("sword")]))
      #expect(resolved(h).subscriptionRules(clock: .real).removedFromSale == ["gems", "sword"])
    },
    Case(name: "original-platform", value: "visionos", shown: "visionOS") { h in
      #expect(h.run("app-transaction --json").json["originalPlatform"] == .string("visionOS"))
    },
    Case(name: "preorder-date", value: "2025-12-01T09:00:00Z", shown: "2025-12-01T09:00:00Z") { h in
      #expect(h.run("app-transaction --json").json["preorderDate"] == .int(1_764_579_600_000))
    },
    Case(name: "external-purchase", value: "yes", shown: "on") { h in
      #expect(h.run("external-purchase token").status == 0, "an app configured for external purchase gets a token")
    },
  ]

  @Test func everySettingHasACase() {
    #expect(Self.cases.map(\.name).sorted() == StoreSettings.specs.map(\.name).sorted())
  }

  @Test(arguments: Source.allCases, cases)
  func aSettingSaidAnywhereTakesEffect(_ source: Source, _ setting: Case) {
    let harness = Self.harness(source, setting)
    let shown = harness.run("settings --json").json["settings"]?[setting.name]
    #expect(shown?["value"] == .string(setting.shown))
    #expect(shown?["source"] == .string(source == .set ? "set" : "catalog"))
    setting.check(harness)
  }

  @Test func theEnvironmentVariableOutranksEveryOtherSigningSecret() {
    let harness = Self.harness(.catalog, Self.cases.first { $0.name == "signing-secret" }!)
    harness.variables["IAP_SIGNING_SECRET"] = "from-env"
    #expect(harness.run("settings --json").json["settings"]?["signing-secret"]?["source"] == .string("environment"))
    let token = harness.run("buy gems --json").json.transactions.last?["jwsRepresentation"]?.stringValue ?? ""
    #expect((try? JWS.decode(token, key: Array("from-env".utf8)))?.signatureValid == true)
  }

  /// A harness whose catalog or state says `setting`, as `source` says it.
  static func harness(_ source: Source, _ setting: Case) -> TestHarness {
    switch source {
    case .catalog:
      let settings = "<key>settings</key><dict><key>\(setting.name)</key><string>\(setting.value)</string></dict>"
      return TestHarness(catalog: TestHarness.plist(products: catalogProducts, top: settings))
    case .storekit:
      let harness = TestHarness(catalog: nil)
      harness.write(
        "shop.storekit",
        StoreKitFixtures.file(
          #""products" : [ \#(StoreKitFixtures.product("gems")), \#(StoreKitFixtures.product("sword", type: "NonConsumable")) ]"#,
          StoreKitFixtures.group(StoreKitFixtures.subscription("pro.monthly"), name: "pro"),
          #""settings" : { "\#(setting.name)" : "\#(setting.value)" }"#))
      harness.variables["IAP_CATALOG"] = "shop.storekit"
      return harness
    case .set:
      let harness = TestHarness(catalog: TestHarness.plist(products: catalogProducts))
      #expect(harness.run(["settings", "set", setting.name, setting.value]).status == 0)
      return harness
    }
  }

  static let catalogProducts = [
    TestHarness.product("gems", "consumable", price: "<string>0.99</string>"),
    TestHarness.product("sword", "nonConsumable", price: "<string>0.99</string>"),
    TestHarness.product(
      "pro.monthly", "autoRenewable", price: "<string>2.99</string>",
      extra: "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>"),
  ]

  /// The payload of the last transaction's `jwsRepresentation` in a `--json` result.
  static func signedPayload(_ result: RunResult) -> JSONValue? {
    guard let token = result.json.transactions.last?["jwsRepresentation"]?.stringValue else { return nil }
    return try? JWS.decode(token, key: nil).payload
  }

  /// The settings every consumer reads, as the application layer resolves them.
  static func resolved(_ harness: TestHarness) -> StoreSettings {
    let workspace = Workspace(
      environment: Environment(variables: harness.variables, currentDirectory: harness.directory),
      console: Console(out: { _ in }, err: { _ in }))
    do {
      return try workspace.settings(workspace.stateDirectory.open(forWriting: true))
    } catch {
      Issue.record("settings: \(error)")
      return StoreSettings(storefront: "USA", locale: "en_US")
    }
  }
}
