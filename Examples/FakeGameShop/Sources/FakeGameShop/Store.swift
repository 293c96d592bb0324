import StoreKit

/// The state of the player's Pro subscription, as StoreKit names it.
public typealias RenewalState = Product.SubscriptionInfo.RenewalState

/// Why the store would not hand a purchase over.
public enum StoreError: Error {
  /// StoreKit could not verify what the App Store signed: the content is not delivered.
  case failedVerification
}

/// The game's store: what it sells, what the player owns, and the purchases themselves.
///
/// Written as an iOS app writes its StoreKit 2 store: it listens to `Transaction.updates` from
/// the moment it exists (purchases approved later, renewals, refunds, and transactions left
/// unfinished by an earlier launch come that way), computes what the player owns from
/// `Transaction.currentEntitlements`, and finishes every transaction once its content is
/// delivered. Extra lives are consumables: the entitlements never list them, so the store
/// counts them itself as each transaction arrives (a real game keeps that count on disk or on
/// its server). The observable state is plain properties, read on the main actor.
@MainActor
public final class Store {
  /// A pack of five extra lives: a consumable.
  public static let extraLivesID = "com.example.fakegame.extra_lives"
  /// Every map of the game: a non-consumable.
  public static let unlockMapsID = "com.example.fakegame.unlock_maps"
  /// The rocket car: a non-consumable.
  public static let rocketCarID = "com.example.fakegame.rocket_car"
  /// FakeGame Pro, billed monthly: an auto-renewable subscription of the group `pro`.
  public static let proMonthlyID = "com.example.fakegame.pro.monthly"
  /// FakeGame Pro, billed yearly: the same group's other plan.
  public static let proYearlyID = "com.example.fakegame.pro.yearly"
  /// How many lives one pack brings.
  public static let livesPerPack = 5

  /// The products the shop asks the App Store for.
  public static let productIDs: Set<String> = [extraLivesID, unlockMapsID, rocketCarID, proMonthlyID, proYearlyID]

  /// The consumables on sale, cheapest first.
  public private(set) var consumables: [Product] = []
  /// The non-consumables on sale, cheapest first.
  public private(set) var nonConsumables: [Product] = []
  /// The subscription plans on sale, cheapest first.
  public private(set) var subscriptions: [Product] = []

  /// The non-consumables the player owns, by product identifier.
  public private(set) var purchasedNonConsumables: Set<String> = []
  /// The subscription plans the player is entitled to now.
  public private(set) var purchasedSubscriptions: [Product] = []
  /// The Pro subscription's status (its state, latest transaction and renewal info), nil
  /// when the player never subscribed.
  public private(set) var subscriptionStatus: Product.SubscriptionInfo.Status?
  /// Purchases waiting for a parent's approval (Ask to Buy), by product identifier.
  public private(set) var awaitingApproval: Set<String> = []
  /// The extra lives the player has bought.
  public private(set) var extraLives = 0

  /// The consumable transactions already counted: an update may bring one again when its
  /// `finish()` did not reach the App Store.
  private var countedConsumables: Set<UInt64> = []
  private var updateListenerTask: Task<Void, Never>?

  /// Starts listening for transactions, then loads the products and what the player owns.
  public init() {
    updateListenerTask = listenForTransactions()
    Task {
      await requestProducts()
      await updateCustomerProductStatus()
    }
  }

  deinit {
    updateListenerTask?.cancel()
  }

  /// Whether the player has FakeGame Pro now: subscribed, or in a billing grace period.
  public var hasPro: Bool {
    guard let state = subscriptionStatus?.state else { return false }
    return state == .subscribed || state == .inGracePeriod
  }

  /// The transactions the app does not buy itself: Ask to Buy approvals, renewals, refunds,
  /// purchases on other devices, and those an earlier launch left unfinished (first).
  private func listenForTransactions() -> Task<Void, Never> {
    Task(priority: .background) { [weak self] in
      for await result in Transaction.updates {
        guard let self else { return }
        await self.handle(updatedTransaction: result)
      }
    }
  }

  private func handle(updatedTransaction result: VerificationResult<Transaction>) async {
    do {
      let transaction = try checkVerified(result)
      deliver(transaction)
      await updateCustomerProductStatus()
      await transaction.finish()
    } catch {
      print("FakeGame: a transaction failed verification: \(error)")
    }
  }

  /// Asks the App Store for the products and sorts them by kind.
  public func requestProducts() async {
    do {
      let products = try await Product.products(for: Self.productIDs)
      consumables = sortedByPrice(products.filter { $0.type == .consumable })
      nonConsumables = sortedByPrice(products.filter { $0.type == .nonConsumable })
      subscriptions = sortedByPrice(products.filter { $0.type == .autoRenewable })
    } catch {
      print("FakeGame: the products could not be loaded: \(error)")
    }
  }

  /// Buys `product`: the transaction once delivered and finished, or nil when the purchase
  /// waits for approval (`awaitingApproval` lists it until the approval arrives as an
  /// update) or the player cancelled it.
  public func purchase(_ product: Product) async throws -> Transaction? {
    let result = try await product.purchase()
    switch result {
    case .success(let verification):
      let transaction = try checkVerified(verification)
      deliver(transaction)
      await updateCustomerProductStatus()
      await transaction.finish()
      return transaction
    case .pending:
      awaitingApproval.insert(product.id)
      return nil
    case .userCancelled:
      return nil
    @unknown default:
      return nil
    }
  }

  /// The verified value, or `StoreError.failedVerification`.
  func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
    switch result {
    case .unverified:
      throw StoreError.failedVerification
    case .verified(let safe):
      return safe
    }
  }

  /// Hands over what `transaction` brings that the entitlements do not show: extra lives.
  private func deliver(_ transaction: Transaction) {
    awaitingApproval.remove(transaction.productID)
    guard transaction.productID == Self.extraLivesID, transaction.revocationDate == nil,
      countedConsumables.insert(transaction.id).inserted
    else { return }
    extraLives += Self.livesPerPack * transaction.purchasedQuantity
  }

  /// Recomputes what the player owns from the App Store's current entitlements: a refund or
  /// an expiry takes a product away.
  public func updateCustomerProductStatus() async {
    var ownedNonConsumables: Set<String> = []
    var ownedSubscriptions: [Product] = []
    for await result in Transaction.currentEntitlements {
      do {
        let transaction = try checkVerified(result)
        switch transaction.productType {
        case .nonConsumable:
          ownedNonConsumables.insert(transaction.productID)
        case .autoRenewable:
          if let plan = subscriptions.first(where: { $0.id == transaction.productID }) {
            ownedSubscriptions.append(plan)
          }
        default:
          break
        }
      } catch {
        print("FakeGame: an entitlement failed verification: \(error)")
      }
    }
    purchasedNonConsumables = ownedNonConsumables
    purchasedSubscriptions = ownedSubscriptions
    // The group has one status per subscriber; the one in force wins over a lapsed one.
    let statuses = (try? await subscriptions.first?.subscription?.status) ?? []
    subscriptionStatus = statuses.first { $0.state == .subscribed || $0.state == .inGracePeriod } ?? statuses.first
  }

  /// The renewal state of the Pro subscription, as a subscription screen shows it.
  public var subscriptionGroupStatus: RenewalState? { subscriptionStatus?.state }

  private func sortedByPrice(_ products: [Product]) -> [Product] {
    products.sorted { $0.price < $1.price }
  }
}
