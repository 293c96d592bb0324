import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// A signed value changed after the store signed it is `.unverified` with the reason, as a
/// device finds it: a payload edited under an HMAC (local testing), a signature changed under
/// a certificate chain (Sandbox). The app meets such values only from elsewhere (its server,
/// a cache), so the JWS is checked as StoreKit checks every one it hands out.
@Suite struct TamperedValueTests {
  static let maps = "com.example.fakegame.unlock_maps"

  /// The JWS of a verified purchase of `maps`; nil if the purchase was not one.
  static func purchasedJWS() async throws -> String? {
    let product = try #require(try await Product.products(for: [maps]).first)
    guard case let .success(verification) = try await product.purchase(), case .verified = verification else { return nil }
    return verification.jwsRepresentation
  }

  @Test func anEditedPayloadIsUnverifiedWithAnInvalidSignature() async throws {
    try await TestStore.run { store in
      let parts = try #require(try await Self.purchasedJWS()).split(separator: ".").map(String.init)
      let payload = try JSONParser.parse(try Base64URL.decode(parts[1]))
      let edited = JSONValue.object((payload.objectValue ?? []).map { $0.0 == "quantity" ? ($0.0, .int(5)) : $0 })
      let tampered = parts[0] + "." + Base64URL.encode(Array(JSONWriter.compact(edited).utf8)) + "." + parts[2]
      guard case let .unverified(transaction, error) = try Transaction.verify(tampered, store: store) else {
        Issue.record("an edited transaction verified")
        return
      }
      #expect(error == .invalidSignature)
      #expect(transaction.purchasedQuantity == 5, "the value is still read, for the app to log")
    }
  }

  @Test func aChangedSignatureUnderTheSandboxChainIsUnverified() async throws {
    try await TestStore.run { store in
      try await TestStore.set(store, [("environment", .string("Sandbox"))])
      let parts = try #require(try await Self.purchasedJWS()).split(separator: ".").map(String.init)
      #expect(try Transaction.verify(parts.joined(separator: "."), store: store).unsafePayloadValue.environment == .sandbox)
      // One character of the signature changed: still Base64URL, no longer the leaf's signature.
      let signature = Array(parts[2])
      let forged = parts[0] + "." + parts[1] + "." + String([signature[0] == "A" ? "B" : "A"] + signature.dropFirst())
      guard case let .unverified(_, error) = try Transaction.verify(forged, store: store) else {
        Issue.record("a forged signature verified")
        return
      }
      #expect(error == .invalidSignature)
    }
  }
}
