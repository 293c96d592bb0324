#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCrypto
import IAPFormats
import IAPHTTP

/// A StoreKit 2-shaped handle on a store of `iap serve`: what an app's purchase code calls
/// in tests instead of StoreKit (docs/client.md). Made from the server's URL and a
/// namespace; each call is one request to the control plane, and each transaction is checked
/// locally against the store's keys (`VerificationResult`).
///
/// Calls are `async` as StoreKit's are; each blocks its thread for its one request, which the
/// local server answers in about a millisecond.
public final class IAPStore: Sendable {
  /// `http://HOST:PORT` as given.
  public let url: String
  /// The namespace, or nil for the state's own store.
  public let namespace: String?
  /// `url` + the namespace + `/iap/v1`.
  let base: String
  let verifier: TransactionVerifier
  /// Ids of the transactions `purchase` returned: `updates` does not hand them over again
  /// until they change (a refund), as StoreKit's `Transaction.updates` leaves out what the
  /// app's own purchase call returned.
  let returnedByPurchase = PurchasedIds()

  public init(url: String, namespace: String? = nil) {
    self.url = url
    self.namespace = namespace
    let trimmed = url.hasSuffix("/") ? String(url.dropLast()) : url
    let base = trimmed + (namespace.map { "/ns/" + $0 } ?? "") + "/iap/v1"
    self.base = base
    verifier = TransactionVerifier(base: base) { () throws(IAPStoreError) -> TransactionVerifier.Keys in
      let answer = try IAPStore.request("GET", base + "/verification")
      guard let pem = answer["rootCertificate"]?.stringValue, let root = try? PEM.decode(pem).bytes else {
        throw IAPStoreError(status: 0, name: "invalidAnswer", message: "the server sent no root certificate")
      }
      let key = answer["localTestingKey"]?.stringValue.flatMap { try? Base64URL.decode($0) }
      return TransactionVerifier.Keys(root: root, localTestingKey: key, simulatedFailure: answer["simulatedFailure"]?.stringValue)
    }
  }

  /// `Product.products(for:)`: the products sold, in the order asked; unknown ids are left out.
  public func products(for ids: [String]) async throws(IAPStoreError) -> [Product] {
    guard !ids.isEmpty else { return [] }
    let query = ids.map { "id=" + Self.escape($0) }.joined(separator: "&")
    let answer = try Self.request("GET", base + "/products?" + query)
    return (answer["products"]?.arrayValue ?? []).compactMap(Product.init)
  }

  /// `product.purchase(options:)`.
  public func purchase(_ product: Product, options: Set<PurchaseOption> = []) async throws(IAPStoreError) -> PurchaseResult {
    var body: [(String, JSONValue)] = [("productId", .string(product.id))]
    for option in options {
      switch option {
      case let .quantity(n): body.append(("quantity", .int(Int64(n))))
      case let .appAccountToken(token): body.append(("appAccountToken", .string(token.uuidString)))
      case let .promotionalOffer(offer, key, nonce, signature, timestamp):
        body += [("offerId", .string(offer)), ("keyId", .string(key)), ("nonce", .string(nonce.uuidString.lowercased())),
                 ("signature", .string(signature)), ("timestamp", .int(Int64(timestamp)))]
      case let .promotionalOfferJWS(jws): body.append(("offerJWS", .string(jws)))
      case let .winBackOffer(id): body.append(("winBackOfferId", .string(id)))
      case let .codeOffer(name): body.append(("offerCode", .string(name)))
      case let .introductoryOfferEligibility(jws): body.append(("introductoryOfferEligibilityJWS", .string(jws)))
      case let .simulatedError(error): body.append(("simulatedError", .string(error)))
      }
    }
    returnedByPurchase.begin()
    var returned: UInt64?
    defer { returnedByPurchase.end(returning: returned) }
    let answer = try Self.request("POST", base + "/purchases", body: .object(body))
    guard let outcome = answer["transactions"]?.arrayValue?.last else {
      throw IAPStoreError(status: 0, name: "invalidAnswer", message: "the server answered no transaction")
    }
    switch outcome["state"]?.stringValue {
    case "purchased", "restored":
      guard let jws = outcome["jwsRepresentation"]?.stringValue else {
        throw IAPStoreError(status: 0, name: "invalidAnswer", message: "a purchased transaction came unsigned")
      }
      let result = try verifier.transaction(jws)
      returned = result.unsafePayloadValue.id
      return .success(result)
    case "deferred", "purchasing": return .pending
    default:
      let error = answer["error"]
      if error?["name"]?.stringValue == "paymentCancelled" { return .userCancelled }
      throw IAPStoreError(status: 200, name: error?["name"]?.stringValue ?? "failed", message: error?["message"]?.stringValue ?? "the purchase failed")
    }
  }

  /// Finishes `transaction` (as `transaction.finish()` does).
  public func finish(_ transaction: Transaction) async throws(IAPStoreError) {
    try await transaction.finish()
  }

  /// `AppStore.sync()`.
  public func sync() async throws(IAPStoreError) {
    _ = try Self.request("POST", base + "/sync")
  }

  /// Forgets the verification keys, for a test that changes the store's environment.
  public func reloadKeys() { verifier.forget() }

  /// One request; the JSON answer, or the store's error. A change says it is JSON even
  /// without a body: the control plane refuses changes that a form could have sent.
  static func request(_ method: String, _ url: String, body: JSONValue? = nil) throws(IAPStoreError) -> JSONValue {
    let answer: HTTPClient.Response
    let headers = method == "GET" ? [] : [("Content-Type", "application/json")]
    do {
      answer = try HTTPClient.send(method, url, headers: headers, body: body.map { Array(JSONWriter.compact($0).utf8) })
    } catch {
      throw IAPStoreError(status: 0, name: "unreachable", message: "\(url): \(error.reason)")
    }
    let json = answer.json ?? .null
    guard (200..<300).contains(answer.status) else {
      throw IAPStoreError(
        status: answer.status, name: json["error"]?["name"]?.stringValue ?? "http\(answer.status)",
        message: json["error"]?["message"]?.stringValue ?? "the server answered \(answer.status)")
    }
    return json
  }

  /// `text` escaped for a query string.
  static func escape(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      let c = Character(Unicode.Scalar(byte))
      if c.isASCII && (c.isLetter || c.isNumber || "-._~".contains(c)) { out.append(c) } else { out += "%" + String(byte, radix: 16, uppercase: true).leftPadded }
    }
    return out
  }
}

private extension String {
  var leftPadded: String { count == 1 ? "0" + self : self }
}
