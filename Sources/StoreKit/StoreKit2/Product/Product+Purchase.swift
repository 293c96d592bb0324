import Foundation
import IAPFormats

extension Product {
  /// Buys the product from the store it came from. Returns `.success` with the signed
  /// transaction, `.pending` for Ask to Buy (its outcome comes through
  /// `Transaction.updates`), or `.userCancelled` when the customer cancels (a declined or
  /// simulated `paymentCancelled`). Throws `Product.PurchaseError` when the store refuses
  /// (`purchaseNotAllowed` when payments are off, `productUnavailable`, an offer it does not
  /// accept), else `StoreKitError` (`networkError` when the store cannot be reached); a
  /// failure a test session simulates (`setSimulatedError(_:forAPI:)`) throws the error it set.
  public func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult {
    try await Self.purchase(id, options: options, store: store, fromApp: true)
  }

  /// Buys `productID` from `store` (`POST /purchases`) with `options`, as `purchase(options:)`
  /// does. `fromApp` says the app's own purchase call asked: `Transaction.updates` then leaves
  /// out the transaction returned, as StoreKit does; a purchase made outside the app (a test
  /// session's) reaches the updates as well.
  package static func purchase(
    _ productID: String, options: Set<Product.PurchaseOption>, store: StoreConnection, fromApp: Bool
  ) async throws -> Product.PurchaseResult {
    let body: [(String, JSONValue)] = [("productId", .string(productID))] + (try PurchaseOption.bodyMembers(of: options))
    if fromApp { store.returnedByPurchase.begin() }
    var returned: UInt64?
    defer { if fromApp { store.returnedByPurchase.end(returning: returned) } }
    let answer: JSONValue
    do { answer = try await store.call("POST", "/purchases", body: .object(body)) } catch { throw StoreErrors.purchaseError(error, store) }
    guard let outcome = answer["transactions"]?.arrayValue?.last else {
      throw StoreKitError.systemError(StoreConnectionError(status: 0, name: "invalidAnswer", message: "the store answered no transaction"))
    }
    switch outcome.string("state") {
    case "purchased", "restored":
      guard let jws = outcome.string("jwsRepresentation") else {
        throw StoreKitError.systemError(StoreConnectionError(status: 0, name: "invalidAnswer", message: "a purchased transaction came unsigned"))
      }
      let result: VerificationResult<Transaction>
      do {
        // Off the cooperative pool: the first check fetches the store's keys.
        result = try await StoreConnection.offPool { () throws(StoreConnectionError) in try Transaction.verify(jws, store: store) }.get()
      } catch {
        throw StoreErrors.storeKitError(error)
      }
      returned = result.unsafePayloadValue.id
      return .success(result)
    case "deferred", "purchasing":
      return .pending
    default:
      let error = answer["error"]
      let failure = StoreConnectionError(
        status: 200, name: error?.string("name") ?? "unknown", message: error?.string("message") ?? "the purchase failed")
      if failure.name == "paymentCancelled" { return .userCancelled }
      throw StoreErrors.purchaseError(failure, store)
    }
  }
}

extension Product.PurchaseOption {
  /// The members of the `POST /purchases` body that `options` add; a quantity outside 1 to
  /// 10 throws `Product.PurchaseError.invalidQuantity` before anything is asked.
  static func bodyMembers(of options: Set<Product.PurchaseOption>) throws -> [(String, JSONValue)] {
    var body: [(String, JSONValue)] = []
    for option in options {
      switch option.kind {
      case let .quantity(quantity):
        guard (1...10).contains(quantity) else { throw Product.PurchaseError.invalidQuantity }
        body.append(("quantity", .int(Int64(quantity))))
      case let .appAccountToken(token):
        body.append(("appAccountToken", .string(token.uuidString.lowercased())))
      case let .promotionalOffer(offer, key, nonce, signature, timestamp):
        body += [
          ("offerId", .string(offer)), ("keyId", .string(key)), ("nonce", .string(nonce.uuidString.lowercased())),
          ("signature", .string(signature.base64EncodedString())), ("timestamp", .int(Int64(timestamp))),
        ]
      case let .promotionalOfferJWS(_, jws):
        // The JWS names the offer itself; the store checks it is one of the product's.
        body.append(("offerJWS", .string(jws)))
      case let .winBackOffer(offer):
        body.append(("winBackOfferId", .string(offer)))
      case let .introductoryOfferEligibility(jws):
        body.append(("introductoryOfferEligibilityJWS", .string(jws)))
      case let .simulatesAskToBuyInSandbox(asks):
        body.append(("simulatesAskToBuyInSandbox", .bool(asks)))
      case let .billingPlanType(type):
        body.append(("billingPlanType", .string(type)))
      case let .purchaseDate(date, cancelsImmediately):
        // ISO 8601 to the millisecond, as the signed transaction keeps it (the store's own
        // ISO 8601 has whole seconds).
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let fraction = (milliseconds % 1000 + 1000) % 1000
        let seconds = Timestamp(milliseconds: milliseconds).iso8601.dropLast()
        body.append(("purchaseDate", .string(seconds + "." + String(String(fraction + 1000).dropFirst()) + "Z")))
        body.append(("renewalBehavior", .string(cancelsImmediately ? "cancelImmediately" : "renewUntilNow")))
      case .custom, .onStorefrontChange:
        break
      }
    }
    return body
  }
}
