import Foundation
import Testing

@testable import IAPCore

/// Apple's closed vocabularies are spelled once, in their enums (IAPCore/Vocabulary), and
/// used through them everywhere else: a typo in a notification type is then a
/// compile error, not a notification nobody's test happens to send.
@Suite struct VocabularyTests {
  /// Every Swift source outside the vocabulary's own files, with its path.
  static var sources: [(path: String, text: String)] {
    let root = EndToEndTests.packageRoot.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
    return files.filter { $0.pathExtension == "swift" && !$0.path.contains("/Vocabulary/") }.compactMap { url in
      (try? String(contentsOf: url, encoding: .utf8)).map { (url.path, $0) }
    }
  }

  @Test func noNotificationTypeOrSubtypeIsAStringLiteralOutsideItsEnum() {
    let sources = Self.sources
    #expect(sources.count > 100, "the sources were found")
    let words = Set(NotificationType.allCases.map(\.rawValue) + NotificationSubtype.allCases.map(\.rawValue))
    var found: [String] = []
    for (path, text) in sources {
      for word in words where text.contains("\"\(word)\"") {
        found.append("\(URL(fileURLWithPath: path).lastPathComponent): \"\(word)\"")
      }
    }
    #expect(found.isEmpty, "spelled outside NotificationType/NotificationSubtype: \(found.sorted())")
  }

  /// The raw values are Apple's (App Store Server Notifications V2 and Apple's libraries'
  /// NotificationTypeV2 and Subtype), checked against a few that iap sends.
  @Test func theEnumsSpellApplesValues() {
    #expect(NotificationType.didChangeRenewalStatus.rawValue == "DID_CHANGE_RENEWAL_STATUS")
    #expect(NotificationType.oneTimeCharge.rawValue == "ONE_TIME_CHARGE")
    #expect(NotificationType.allCases.count == 23)
    #expect(NotificationSubtype.autoRenewDisabled.rawValue == "AUTO_RENEW_DISABLED")
    #expect(NotificationSubtype.allCases.count == 17)
  }

  /// The rest of Apple's closed vocabularies, each value checked against Apple's libraries
  /// (app-store-server-library: Environment, OfferType, TransactionReason, RevocationType,
  /// RevocationReason), since these words go on the wire and into the state files as they are.
  @Test func theOtherVocabulariesSpellApplesValues() {
    #expect(AppStoreEnvironment.allCases.map(\.rawValue) == ["LocalTesting", "Xcode", "Sandbox", "Production"])
    #expect(AppStoreEnvironment.allCases.filter(\.signsWithCertificates) == [.sandbox, .production])
    #expect(OfferType.allCases.map(\.rawValue) == [1, 2, 3, 4])
    #expect(OfferType(rawValue: 3) == .offerCode && OfferType(rawValue: 4) == .winBack)
    #expect(TransactionReason.allCases.map(\.rawValue) == ["PURCHASE", "RENEWAL"])
    #expect(RevocationType.allCases.map(\.rawValue) == ["REFUND_FULL", "REFUND_PRORATED", "FAMILY_REVOKE"])
    #expect(RevocationReason.developerIssue.receiptCode == 1 && RevocationReason.other.receiptCode == 0)
    // The words iap's records and --json views have always written.
    #expect(RevocationReason.allCases.map(\.rawValue) == ["developerIssue", "other"])
  }

  /// No source spells an environment, a transaction reason or a revocation type as a string
  /// literal outside its enum.
  @Test func noOtherVocabularyWordIsAStringLiteralOutsideItsEnum() {
    let words = Set(
      AppStoreEnvironment.allCases.map(\.rawValue) + TransactionReason.allCases.map(\.rawValue)
        + RevocationType.allCases.map(\.rawValue))
    var found: [String] = []
    for (path, text) in Self.sources {
      for word in words where text.contains("\"\(word)\"") {
        found.append("\(URL(fileURLWithPath: path).lastPathComponent): \"\(word)\"")
      }
    }
    #expect(found.isEmpty, "spelled outside its enum: \(found.sorted())")
  }
}
