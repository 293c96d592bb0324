import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// `VerificationResult`: what the store signed, checked as a device checks it, and the
/// store's simulated verification failure as Apple's `VerificationError`.
@Suite struct VerificationTests {
  static let maps = "com.example.fakegame.unlock_maps"

  @Test(arguments: [
    ("invalidSignature", VerificationResult<Transaction>.VerificationError.invalidSignature),
    ("invalidCertificateChain", .invalidCertificateChain),
    ("revokedCertificate", .revokedCertificate),
  ])
  func aSimulatedFailureIsUnverifiedWithApplesCase(_ setting: String, _ expected: VerificationResult<Transaction>.VerificationError) async throws {
    try await TestStore.run { store in
      try await TestStore.set(store, [("fail-verification", .string(setting))])
      let product = try #require(try await Product.products(for: [Self.maps]).first)
      let result = try await product.purchase()
      guard case let .success(verification) = result, case let .unverified(transaction, error) = verification else {
        Issue.record("expected an unverified transaction, got \(result)")
        return
      }
      #expect(error == expected)
      #expect(transaction.productID == Self.maps)
      #expect(throws: expected) { _ = try verification.payloadValue }
      #expect(verification.unsafePayloadValue == transaction)
      #expect(error.errorDescription?.isEmpty == false)
    }
  }

  @Test func aSandboxStoreSignsWithAChainThatVerifies() async throws {
    try await TestStore.run { store in
      try await TestStore.set(store, [("environment", .string("Sandbox"))])
      let product = try #require(try await Product.products(for: [Self.maps]).first)
      guard case let .success(.verified(transaction)) = try await product.purchase() else {
        Issue.record("expected a verified purchase")
        return
      }
      #expect(transaction.environment == .sandbox)
    }
  }
}
