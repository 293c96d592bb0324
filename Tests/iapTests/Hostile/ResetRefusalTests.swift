import Foundation
import IAPHTTP
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPKit
@testable import IAPServer

/// `reset` deletes only an iap state: any other folder, however it is spelled, is refused
/// whole and nothing in it is deleted; so is a state holding a file iap did not make, by the
/// command and by the control plane. StateDirectoryTests holds the rule itself.
@Suite struct ResetRefusalTests {
  let harness = TestHarness.game()

  /// Runs `iap` in the folder `folder` of the working folder.
  func run(_ arguments: [String], in folder: String) -> RunResult {
    var out = ""
    var err = ""
    let now = harness.now
    let environment = Environment(variables: [:], currentDirectory: harness.directory + "/" + folder, now: { now })
    let status = CLI.run(arguments: arguments, environment: environment, console: Console(out: { out += $0 }, err: { err += $0 }))
    return RunResult(status: status, stdout: out, stderr: err)
  }

  func listing(_ folder: String) -> String {
    ((try? FileManager.default.contentsOfDirectory(atPath: harness.directory + "/" + folder)) ?? []).sorted().joined(separator: " ")
  }

  @Test func everySpellingOfAForeignFolderIsRefusedAndNothingIsDeleted() {
    for (name, text) in [("decoy/notes.txt", "keep"), ("decoy/sub/file", "keep"), ("home/.profile", "keep"), ("decoy/store.json", "keep")] {
      harness.writeFile(name, text + "\n")  // decoy/store.json: an iap name among foreign ones
    }
    let root = harness.directory
    for spelling in ["decoy", "decoy/", "./decoy", root + "/decoy", root + "/decoy/", "decoy/sub/..", ".", root, "home"] {
      let result = harness.run(["reset", "--state", spelling])
      result.expectCleanFailure(74, spelling)
      #expect(result.stderr.contains("is not an iap state folder"), "\(spelling): \(result.stderr)")
    }
    harness.variables["IAP_STATE"] = "decoy"
    harness.run("reset").expectCleanFailure(74, "IAP_STATE=decoy")
    harness.variables = [:]
    #expect(run(["reset", "--state", "."], in: "decoy").status == 74, "reset --state . inside the decoy")
    let kept = ["decoy/notes.txt", "decoy/sub/file", "decoy/store.json", "home/.profile"].map { harness.read($0) ?? "" }
    #expect(kept.joined() == "keep\nkeep\nkeep\nkeep\n", "the decoys' files")
    #expect(!harness.exists("decoy/lock") && !harness.exists("home/lock"), "reset made a lock in a foreign folder")
  }

  /// A folder holding only iap's names but no marker and no lock (a config folder, say).
  @Test func aFolderOfIapsNamesWithoutMarkerOrLockIsRefused() {
    harness.writeFile("conf/settings.json", "{}\n")
    let result = harness.run("reset --state conf")
    result.expectCleanFailure(74)
    #expect(result.stderr.contains("no 'iap-state' marker and no 'lock'"))
    #expect(harness.exists("conf/settings.json"), "settings.json of a foreign folder was deleted")
  }

  /// iap's own state is marked when made; reset clears it, keeping the lock and the marker,
  /// and refuses it whole while it holds a file of the user's. A state made before the marker
  /// (its lock, no marker) is still reset, and marked.
  @Test func iapsOwnStateIsResetUnlessItHoldsAFileOfTheUsers() {
    #expect(harness.run("buy com.example.fakegame.extra_lives").status == 0)
    #expect(harness.exists(".iap/iap-state"), "a new state has no marker")
    #expect(harness.run("reset").status == 0)
    #expect(listing(".iap") == "iap-state lock", "what reset leaves")
    #expect(harness.run("buy com.example.fakegame.extra_lives").status == 0)
    harness.writeFile(".iap/mine.txt", "mine\n")
    let refused = harness.run("reset")
    refused.expectCleanFailure(74)
    #expect(refused.stderr.contains("it holds 'mine.txt'"))
    #expect(harness.exists(".iap/transactions.log") && harness.exists(".iap/mine.txt"), "a refused reset deleted files")
    try? FileManager.default.removeItem(atPath: harness.directory + "/.iap/mine.txt")
    try? FileManager.default.removeItem(atPath: harness.directory + "/.iap/iap-state")
    #expect(harness.run("reset").status == 0)
    #expect(listing(".iap") == "iap-state lock", "a state from before the marker, reset")
  }

  @Test func aNamespaceHoldingAFileOfTheUsersIsNotDeletedOverTheControlPlane() {
    #expect(harness.run("--namespace alpha buy com.example.fakegame.extra_lives").status == 0)
    harness.writeFile(".iap/namespaces/alpha/mine.txt", "mine\n")
    let response = harness.send("DELETE", "/ns/alpha/iap/v1", headers: [("Host", "127.0.0.1"), ("X-IAP-Request", "1")])
    #expect(response.status == 409)
    #expect(String(decoding: response.body, as: UTF8.self).contains("notAState"))
    #expect(harness.exists(".iap/namespaces/alpha/transactions.log"), "a refused namespace deletion deleted files")
  }
}
