import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats

/// What Family Sharing's grant tells the app's server, on the pure `Store`. Apple's
/// notificationType page: ONE_TIME_CHARGE is sent "when the customer receives access to a
/// non-consumable product through Family Sharing"; SUBSCRIBED INITIAL_BUY when the customer
/// "received access through Family Sharing to the subscription for the first time", and
/// RESUBSCRIBE when they received access "to the same subscription or to another
/// subscription within the same subscription group" again.
@Suite struct StoreFamilyGrantTests {
  let catalog = Catalog(products: [
    CatalogFixtures.product("sword", .nonConsumable, price: "4.99"),
    CatalogFixtures.subscription("pro.monthly", price: "9.99", group: "pro", period: .oneMonth),
  ])
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  func notifications(_ store: Store) -> [ServerNotification] {
    store.changes.compactMap { if case let .notification(n) = $0 { return n } else { return nil } }
  }

  func summary(_ n: ServerNotification) -> String {
    "\(n.type.rawValue)/\(n.subtype?.rawValue ?? "-") \(n.transaction?.account ?? "?") \(n.transaction?.productId ?? "?")"
  }

  @Test func aMembersFirstAccessIsNotifiedAsAPurchase() throws {
    var store = Store(state: StoreState(), account: "mom", device: "d")
    for id in ["sword", "pro.monthly"] {
      _ = store.buy(productId: id, product: catalog.product(id), quantity: 1, applicationUsername: nil, finish: true, now: t0)
    }
    let before = notifications(store).count
    let shared = try store.addFamilyMember("kid", shareable: ["sword", "pro.monthly"], now: t0)
    #expect(shared.count == 2)
    #expect(notifications(store).dropFirst(before).map(summary) == ["ONE_TIME_CHARGE/- kid sword", "SUBSCRIBED/INITIAL_BUY kid pro.monthly"])
    #expect(notifications(store).last?.transaction?.familySharedFrom != nil, "about the member's own FAMILY_SHARED transaction")
  }

  @Test func aMemberWhoSubscribedInTheGroupBeforeResubscribes() throws {
    var kid = Store(state: StoreState(), account: "kid", device: "d")
    _ = kid.buy(productId: "pro.monthly", product: catalog.product("pro.monthly"), quantity: 1, applicationUsername: nil, finish: true, now: t0)
    _ = try kid.setAutoRenew(false, for: "pro.monthly", now: t0)
    let later = Timestamp(iso8601: "2026-03-01T00:00:00Z")!
    kid.advance(to: later)
    var mom = Store(state: kid.state, account: "mom", device: "d")
    _ = mom.buy(productId: "pro.monthly", product: catalog.product("pro.monthly"), quantity: 1, applicationUsername: nil, finish: true, now: later)
    _ = try mom.addFamilyMember("kid", shareable: ["pro.monthly"], now: later)
    #expect(notifications(mom).last.map(summary) == "SUBSCRIBED/RESUBSCRIBE kid pro.monthly")
  }
}
