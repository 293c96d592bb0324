import Foundation
import IAPFormats

extension Product {
  /// Buys the product from the store it came from. Returns `.success` with the signed
  /// transaction, `.pending` for Ask to Buy (its outcome comes through
  /// `Transaction.updates`), or `.userCancelled` when the customer cancels (a declined or
  /// simulated `paymentCancelled`). Throws `Product.PurchaseError` when the store refuses
  /// (`purchaseNotAllowed` when payments are off, `productUnavailable`, an offer it does not
  /// accept), else `StoreKitError` (`networkError` when the store cannot be reached).
  public func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult {
    var body: [(String, JSONValue)] = [("productId", .string(id))]
    for option in options {
      switch option.kind {
      case let .quantity(quantity):
        guard (1...10).contains(quantity) else { throw PurchaseError.invalidQuantity }
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
      case .custom, .onStorefrontChange:
        break
      }
    }
    let store = self.store
    store.returnedByPurchase.begin()
    var returned: UInt64?
    defer { store.returnedByPurchase.end(returning: returned) }
    let answer: JSONValue
    do { answer = try await store.call("POST", "/purchases", body: .object(body)) } catch { throw StoreErrors.purchaseError(error) }
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
      throw StoreErrors.purchaseError(failure)
    }
  }
}
