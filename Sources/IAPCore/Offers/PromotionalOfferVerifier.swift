#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCrypto
import IAPFormats

/// Checks a promotional offer request as the App Store does, before any payment is made.
///
/// Pure: the keys, the clocks and the nonces already used come in; the answer is the offer
/// and the nonce to mark used, or the `SKError` StoreKit reports:
/// - `missingOfferParams` (13): a version 1 request without its offer id, key id, nonce,
///   timestamp or signature (or a JWS without `offerIdentifier`);
/// - `invalidOfferIdentifier` (11): the product has no promotional offer of that id;
/// - `invalidSignature` (12): an unknown key, a signature that does not verify, a stale or
///   future timestamp, a nonce used before, or a JWS made for another app, product or
///   purpose;
/// - `invalidOfferPrice` (14): a paid offer with no price in the catalog, so the store has
///   nothing to charge.
package struct PromotionalOfferVerifier: Sendable {
  /// How far a signature's timestamp may be from now, either way: Apple keeps an offer
  /// signature valid for 24 hours.
  package static let window: Int64 = 24 * 3600 * 1000
  /// The JWS audience `PromotionalOfferV2SignatureCreator` writes.
  package static let audience = "promotional-offer"
  /// What separates the fields of a version 1 signature's message: U+2063, INVISIBLE SEPARATOR.
  package static let separator = "\u{2063}"

  package var bundleId: String
  package var context: OfferVerificationContext
  /// The store's clock.
  package var storeNow: Timestamp
  /// Nonces already used, lowercased.
  package var usedNonces: Set<String>

  package init(bundleId: String, context: OfferVerificationContext, storeNow: Timestamp, usedNonces: Set<String>) {
    self.bundleId = bundleId
    self.context = context
    self.storeNow = storeNow
    self.usedNonces = usedNonces
  }

  /// A request that passed: the offer and the nonce it used (lowercased; a JWS may have none).
  package struct Accepted: Equatable, Sendable {
    package var offer: PromotionalOffer
    package var nonce: String?
  }

  /// The message a version 1 signature signs: bundle id, key id, product id, offer id, the
  /// lowercased application username (empty when none), the lowercased nonce and the
  /// timestamp, joined by U+2063.
  package static func message(
    bundleId: String, keyId: String, productId: String, offerId: String, applicationUsername: String?, nonce: String,
    timestamp: String
  ) -> [UInt8] {
    let fields = [bundleId, keyId, productId, offerId, (applicationUsername ?? "").lowercased(), nonce.lowercased(), timestamp]
    return Array(fields.joined(separator: separator).utf8)
  }

  /// Checks `request` for buying `product` with `applicationUsername`.
  ///
  /// - Parameter ownsTransaction: whether a JWS's `transactionId` names a transaction of the
  ///   buying account.
  package func verify(
    _ request: PromotionalOfferRequest, product: Product, applicationUsername: String?,
    ownsTransaction: (String) -> Bool = { _ in false }
  ) -> Result<Accepted, StoreError> {
    let accepted: Result<Accepted, StoreError>
    if let jws = request.jws {
      accepted = verifyVersion2(jws, product: product, ownsTransaction: ownsTransaction)
    } else {
      accepted = verifyVersion1(request, product: product, applicationUsername: applicationUsername)
    }
    guard case let .success(result) = accepted else { return accepted }
    if result.offer.paymentMode != .free && result.offer.price == nil {
      return .failure(
        StoreError(.invalidOfferPrice, "promotional offer '\(result.offer.id)' is \(result.offer.paymentMode.rawValue) but the catalog gives it no price"))
    }
    return accepted
  }

  private func verifyVersion1(_ request: PromotionalOfferRequest, product: Product, applicationUsername: String?) -> Result<Accepted, StoreError> {
    let fields = [
      ("offer identifier", request.offerId), ("key id", request.keyId), ("nonce", request.nonce),
      ("timestamp", request.timestamp), ("signature", request.signature),
    ]
    let missing = fields.filter { ($0.1 ?? "").isEmpty }.map(\.0)
    guard missing.isEmpty, let offerId = request.offerId, let keyId = request.keyId, let nonce = request.nonce,
      let timestamp = request.timestamp, let signatureText = request.signature
    else {
      return .failure(StoreError(.missingOfferParams, "the payment discount lacks its \(missing.joined(separator: ", "))"))
    }
    guard let offer = product.promotionalOffer(offerId) else { return .failure(unknownOffer(offerId, product)) }
    guard let key = context.keys[keyId] else { return .failure(invalid("no key '\(keyId)' is registered (iap keys list)")) }
    guard let der = Data(base64Encoded: signatureText).map(Array.init), let raw = try? ECDSASignatureDER.decode(der),
      let signature = P256.Signature(rawRepresentation: raw)
    else { return .failure(invalid("the signature is not a base64 DER ECDSA signature")) }
    let message = Self.message(
      bundleId: bundleId, keyId: keyId, productId: product.id, offerId: offerId, applicationUsername: applicationUsername,
      nonce: nonce, timestamp: timestamp)
    guard key.isValidSignature(signature, for: message) else {
      return .failure(
        invalid("the signature does not match bundle id, key id, product id, offer id, application username, nonce and timestamp (signed by key '\(keyId)')"))
    }
    guard let ms = Int64(timestamp) else { return .failure(invalid("the timestamp '\(timestamp)' is not milliseconds since 1970")) }
    if let problem = staleness(Timestamp(milliseconds: ms)) { return .failure(invalid(problem)) }
    let lowered = nonce.lowercased()
    guard Self.isUUID(lowered) else { return .failure(invalid("the nonce '\(nonce)' is not a UUID")) }
    guard !usedNonces.contains(lowered) else { return .failure(invalid("the nonce \(lowered) was already used: make a new signature")) }
    return .success(Accepted(offer: offer, nonce: lowered))
  }

  private func verifyVersion2(_ token: String, product: Product, ownsTransaction: (String) -> Bool) -> Result<Accepted, StoreError> {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let decoded: (header: JSONValue, payload: JSONValue, signatureValid: Bool?)
    do { decoded = try JWS.decode(token, key: nil) } catch { return .failure(invalid("the offer JWS is unreadable: \(error)")) }
    let (header, claims) = (decoded.header, decoded.payload)
    guard header["alg"]?.stringValue == "ES256" else { return .failure(invalid("the offer JWS is not signed with ES256")) }
    guard let keyId = header["kid"]?.stringValue else { return .failure(invalid("the offer JWS header has no 'kid'")) }
    guard let key = context.keys[keyId] else { return .failure(invalid("no key '\(keyId)' is registered (iap keys list)")) }
    guard let raw = try? Base64URL.decode(parts[2]), let signature = P256.Signature(rawRepresentation: raw),
      key.isValidSignature(signature, for: Array((parts[0] + "." + parts[1]).utf8))
    else { return .failure(invalid("the offer JWS's signature does not verify with key '\(keyId)'")) }
    guard claims["aud"]?.stringValue == Self.audience else {
      return .failure(invalid("the offer JWS's audience is not '\(Self.audience)'"))
    }
    guard claims["bid"]?.stringValue == bundleId else {
      return .failure(invalid("the offer JWS was made for bundle id '\(claims["bid"]?.stringValue ?? "")', not '\(bundleId)'"))
    }
    guard claims["productId"]?.stringValue == product.id else {
      return .failure(invalid("the offer JWS was made for product '\(claims["productId"]?.stringValue ?? "")', not '\(product.id)'"))
    }
    guard let offerId = claims["offerIdentifier"]?.stringValue, !offerId.isEmpty else {
      return .failure(StoreError(.missingOfferParams, "the offer JWS has no 'offerIdentifier'"))
    }
    guard let offer = product.promotionalOffer(offerId) else { return .failure(unknownOffer(offerId, product)) }
    guard let seconds = claims["iat"]?.intValue, seconds < Int64.max / 1000, seconds > Int64.min / 1000 else {
      return .failure(invalid("the offer JWS has no 'iat' (seconds since 1970)"))
    }
    if let problem = staleness(Timestamp(milliseconds: seconds * 1000)) { return .failure(invalid(problem)) }
    if let id = claims["transactionId"], id != .null {
      guard let text = id.stringValue, ownsTransaction(text) else {
        return .failure(invalid("the offer JWS names transaction \(JSONWriter.compact(id)), not a subscription transaction of this account"))
      }
    }
    var nonce: String?
    if let value = claims["nonce"], value != .null {
      guard let text = value.stringValue?.lowercased() else { return .failure(invalid("the offer JWS's nonce is not a string")) }
      guard !usedNonces.contains(text) else { return .failure(invalid("the nonce \(text) was already used: make a new signature")) }
      nonce = text
    }
    return .success(Accepted(offer: offer, nonce: nonce))
  }

  /// Why `date` is too far from both the store's clock and the real time, if it is.
  private func staleness(_ date: Timestamp) -> String? {
    let near = [storeNow, context.realNow].contains {
      let (distance, overflow) = date.milliseconds.subtractingReportingOverflow($0.milliseconds)
      return !overflow && distance > Int64.min && abs(distance) <= Self.window
    }
    guard !near else { return nil }
    let shown = Timestamp.supportedRange.contains(date) ? date.iso8601 : "\(date.milliseconds) ms"
    return "the signature's timestamp \(shown) is more than 24 hours from the store's clock (\(storeNow.iso8601)) and from the real time (\(context.realNow.iso8601))"
  }

  private func invalid(_ why: String) -> StoreError { StoreError(.invalidSignature, why) }

  private func unknownOffer(_ id: String, _ product: Product) -> StoreError {
    let known = product.promotionalOffers.map(\.id)
    let list = known.isEmpty ? "it has none" : "it has " + known.joined(separator: ", ")
    return StoreError(.invalidOfferIdentifier, "'\(product.id)' has no promotional offer '\(id)' (\(list))")
  }

  /// Whether `text` is a UUID in its 8-4-4-4-12 hexadecimal form.
  static func isUUID(_ text: String) -> Bool {
    let groups = text.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
    return groups == [8, 4, 4, 4, 12] && text.allSatisfy { $0 == "-" || $0.isHexDigit }
  }
}

/// A store failure is what a check answers with, as a `Result`'s failure.
extension StoreError: Error {}
