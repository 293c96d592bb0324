import Foundation
import Testing

@testable import IAPFormats
@testable import IAPStoreKit

/// IAPStoreKit's offer purchase options against a real store (issue 29): an offer code and a
/// win-back offer reach the control plane, and the signed transaction and renewal info say
/// what was redeemed.
@Suite struct IAPStoreOfferTests {
  let server: StoreServer
  let store: IAPStore
  static let maps = "com.example.fakegame.unlock_maps"
  static let monthly = "com.example.fakegame.pro.monthly"

  /// The bundled catalog with an offer code on the maps and a win-back offer on the monthly
  /// subscription.
  init() throws {
    server = try StoreServer()
    let path = server.folder + "/catalog.plist"
    var text = try String(contentsOfFile: path, encoding: .utf8)
    let code = "<key>offerCodes</key><array><dict><key>id</key><string>HALF</string><key>price</key><string>0.49</string></dict></array>"
    let winBack = "<key>winBackOffers</key><array><dict><key>id</key><string>back</string><key>paymentMode</key><string>free</string>"
      + "<key>period</key><string>P1M</string></dict></array>"
    for (id, extra) in [(Self.maps, code), (Self.monthly, winBack)] {
      let anchor = "<string>\(id)</string>"
      text = text.replacingOccurrences(of: anchor, with: anchor + extra)
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    store = IAPStore(url: server.url, namespace: "app")
  }

  func product(_ id: String) async throws -> Product {
    try #require(try await store.products(for: [id]).first)
  }

  @Test func anOfferCodePricesTheOneTimePurchase() async throws {
    guard case let .success(.verified(t)) = try await store.purchase(try await product(Self.maps), options: [.codeOffer(referenceName: "HALF")]) else {
      Issue.record("not purchased")
      return
    }
    #expect(t.offerType == 3 && t.offerID == "HALF")
    let maps = try await product(Self.maps)
    do {
      _ = try await store.purchase(maps, options: [.codeOffer(referenceName: "NOPE")])
      Issue.record("an unknown code was redeemed")
    } catch {
      #expect(error.name == "invalidOfferIdentifier")
    }
  }

  @Test func aLapsedSubscriberSeesAndRedeemsAWinBackOffer() async throws {
    _ = try await store.purchase(try await product(Self.monthly))
    try server.control("POST", "/subscriptions/\(Self.monthly)/cancel", namespace: "app")
    try server.control("POST", "/clock/advance", #"{"by": "40d"}"#, namespace: "app")
    let status = try #require(try await store.subscriptionStatus(for: Self.monthly).first)
    #expect(status.renewalInfo.unsafePayloadValue.eligibleWinBackOfferIDs == ["back"])
    guard case let .success(.verified(t)) = try await store.purchase(try await product(Self.monthly), options: [.winBackOffer("back")]) else {
      Issue.record("not purchased")
      return
    }
    #expect(t.offerType == 4 && t.offerID == "back")
  }
}
