import Foundation

@testable import IAPCore
@testable import IAPFormats
@testable import IAPStorage

/// Writes a state folder as the application's use cases do: the pure store acts on the state
/// a writing session holds, and what it recorded is committed in that session.
enum StoreChanges {
  /// The store's clock in these tests.
  static let now = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
  static let gems = Product(id: "gems", type: .consumable, title: "Gems", description: "A handful", price: Decimal(string: "0.99")!)
  static let sword = Product(id: "sword", type: .nonConsumable, title: "Sword", description: "Sharp", price: Decimal(string: "4.99")!)
  static let monthly = Product(
    id: "pro.monthly", type: .autoRenewable, title: "Pro", description: "Monthly", price: Decimal(string: "9.99")!,
    subscriptionGroup: "pro", subscriptionPeriod: .oneMonth, groupLevel: 1)

  /// Lets `change` act on the store of account "default" on device "phone" and commits what
  /// it recorded.
  static func commit(in directory: StateDirectory, _ change: (inout Store) throws -> Void) throws {
    let session = try directory.open(forWriting: true)
    var store = Store(state: session.state, account: "default", device: "phone")
    try change(&store)
    try session.commit(store.changes, state: store.state)
  }

  /// Buys `product` (`iap buy`), finishing it at once when `finish` is set.
  static func buy(_ product: Product, finish: Bool = false, username: String? = nil, in directory: StateDirectory) throws {
    try commit(in: directory) { store in
      _ = store.buy(productId: product.id, product: product, quantity: 1, applicationUsername: username, finish: finish, now: now)
    }
  }
}
