import Foundation
import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPKit

/// `iap namespace create NAME`: a namespace made in one call from the shell.
@Suite struct NamespaceCreateCommandTests {
  let harness = TestHarness()

  func exists(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: harness.directory + "/.iap/namespaces/" + name)
  }

  @Test func makesTheNamespaceWithItsSettingsAndAnswersWhatATestNeeds() throws {
    let created = harness.run("namespace create suite-1 --environment Sandbox --clock 2026-03-01T00:00:00Z --notification-url http://127.0.0.1:9/n --json")
    #expect(created.status == 0, "\(created.stderr)")
    let json = created.json
    #expect(json["name"] == .string("suite-1") && json["path"] == .string("/ns/suite-1") && json["baseURL"] == .null)
    #expect(json["environment"] == .string("Sandbox"))
    #expect(json["bundleId"]?.stringValue?.isEmpty == false)
    #expect(json["rootCertificate"]?.stringValue?.hasPrefix("-----BEGIN CERTIFICATE-----") == true)
    #expect(json["key"]?["privateKey"]?.stringValue?.hasPrefix("-----BEGIN PRIVATE KEY-----") == true)
    let keyId = try #require(json["key"]?["keyId"]?.stringValue)
    let keys = harness.run("--namespace suite-1 keys list --json").json
    #expect(keys["keys"]?.arrayValue?.first?["keyId"]?.stringValue == keyId)
    #expect(keys["issuerId"] == json["key"]?["issuerId"])
    let settings = harness.run("--namespace suite-1 settings --json").json
    #expect(settings["settings"]?["environment"]?["value"] == .string("Sandbox"))
    #expect(settings["settings"]?["notification-url"]?["value"] == .string("http://127.0.0.1:9/n"))
    #expect(harness.run("--namespace suite-1 clock --json").json["now"] == .string("2026-03-01T00:00:00Z"))
    #expect(harness.run("settings --json").json["settings"]?["environment"]?["value"] != .string("Sandbox"), "the state's own store is untouched")
    let text = harness.run("namespace create suite-2")
    #expect(text.stdout.contains("namespace    suite-2") && text.stdout.contains("-----BEGIN PRIVATE KEY-----"))
  }

  @Test func anExistingNamespaceIsRefusedAndKeepsWhatItHolds() {
    #expect(harness.run("--namespace kept buy sword").status == 0)
    let again = harness.run("namespace create kept --environment Sandbox")
    #expect(again.status == 1)
    #expect(again.stderr == "error: namespace 'kept' exists already: choose another name, or delete it first (DELETE /ns/kept/iap/v1)\n")
    #expect(harness.run("--namespace kept queue --json").json.transactions.count == 1)
    #expect(harness.run("--namespace kept settings --json").json["settings"]?["environment"]?["value"] != .string("Sandbox"))
  }

  @Test func badInputExitsWithOneLineAndMakesNothing() {
    let environment = harness.run("namespace create n1 --environment Staging")
    #expect(environment.status == 64)
    #expect(environment.stderr.hasPrefix("error: invalid value for '--environment <name>'"))
    let name = harness.run(["namespace", "create", "no/slash"])
    #expect(name.status == 64)
    let production = harness.run("namespace create n2 --environment Production")
    #expect(production.status == 65)
    #expect(production.stderr.split(separator: "\n").first?.contains("app-apple-id") == true)
    let catalog = harness.run("namespace create n3 --catalog-file missing.storekit")
    #expect(catalog.status != 0 && catalog.stderr.contains("missing.storekit"))
    #expect(!exists("n1") && !exists("n2") && !exists("n3"), "a refused creation leaves nothing behind")
    #expect(harness.run("namespace create n2 --environment Production --app-apple-id 1234").status == 0)
  }

  @Test func temporaryIsTheServersNotTheCommands() {
    let temporary = harness.run("namespace create t --temporary")
    #expect(temporary.status == 64 && temporary.stderr.contains("unknown option '--temporary'"))
  }
}
