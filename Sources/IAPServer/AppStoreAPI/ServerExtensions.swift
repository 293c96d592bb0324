import IAPCore
import IAPFormats
import IAPKit

/// The body of an extension request (`ExtendRenewalDateRequest`, and the mass request's
/// `MassExtendRenewalDateRequest` with `productId` and `storefrontCountryCodes`).
package struct ExtensionRequest: Sendable {
  package var extendByDays: Int?
  package var extendReasonCode: Int?
  package var requestIdentifier: String?
  package var productId: String?
  package var storefrontCountryCodes: [String]?

  package init() {}

  /// Refuses what Apple refuses, with Apple's errors.
  func validated() throws(ServerAPIError) -> (days: Int, reason: Int, request: String) {
    guard let days = extendByDays, (1...RenewalExtension.maximumDays).contains(days) else { throw .invalidExtendByDays }
    guard let reason = extendReasonCode, RenewalExtension.reasonCodes.contains(reason) else { throw .invalidExtendReasonCode }
    guard let request = requestIdentifier, !request.isEmpty, request.utf8.count <= 128 else { throw .invalidRequestIdentifier }
    return (days, reason, request)
  }

  /// The mass request's checks: Apple takes only a UUID as its `requestIdentifier`
  /// (InvalidRequestIdentifierError), since the status endpoint and the SUMMARY notification
  /// carry it as one.
  func validatedForMass() throws(ServerAPIError) -> (days: Int, reason: Int, request: String) {
    let (days, reason, request) = try validated()
    guard SignedPayloads.accountToken(request) != nil else { throw .invalidRequestIdentifier }
    return (days, reason, request)
  }
}

extension Workspace {
  /// Use case: Extend a Subscription Renewal Date (`PUT /inApps/v1/subscriptions/extend/{id}`):
  /// the subscription whose original transaction is `originalId` renews `extendByDays` later.
  package func serverExtendRenewalDate(_ originalId: String, _ body: ExtensionRequest) throws(ServerAPIError) -> JSONValue {
    _ = try Self.transactionNumber(originalId, invalid: .invalidOriginalTransactionId)
    let (days, reason, request) = try body.validated()
    return try actingForServer { opened, _ throws(ServerAPIError) in
      guard let original = try find(originalId, in: opened), original.id == original.originalId, let group = original.subscriptionGroup
      else { throw .originalTransactionIdNotFound }
      guard let subscription = opened.store.state.accounts[original.account]?.subscriptions[group], subscription.originalId == original.id
      else { throw .subscriptionExtensionIneligible }
      let granted: RenewalExtension
      do throws(ExtensionRefusal) {
        granted = try opened.store.extendRenewalDate(of: subscription, days: days, reasonCode: reason, requestIdentifier: request, now: opened.now)
      } catch {
        switch error {
        case .maximumReached: throw ServerAPIError.subscriptionMaxExtension
        case .familyShared: throw ServerAPIError.familySharedSubscriptionExtensionIneligible
        case .ineligible: throw ServerAPIError.subscriptionExtensionIneligible
        }
      }
      let latest = opened.store.state.accounts[original.account]?.subscriptions[group]?.latest ?? subscription.latest
      return .object([
        ("originalTransactionId", .string(originalId)), ("webOrderLineItemId", .string(String(latest.id))),
        ("success", .bool(true)), ("effectiveDate", .int(granted.effectiveDate.milliseconds)),
      ])
    }
  }

  /// Use case: Extend Subscription Renewal Dates for All Active Subscribers
  /// (`POST /inApps/v1/subscriptions/extend/mass`): done at once; its status is then complete.
  package func serverMassExtendRenewalDate(_ body: ExtensionRequest) throws(ServerAPIError) -> JSONValue {
    let (days, reason, request) = try body.validatedForMass()
    guard let productId = body.productId, !productId.isEmpty else { throw .invalidProductId }
    if let codes = body.storefrontCountryCodes {
      guard !codes.isEmpty else { throw .invalidEmptyStorefrontCountryCodeList }
      guard codes.allSatisfy({ $0.utf8.count == 3 && $0.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A } }) else {
        throw .invalidStorefrontCountryCode
      }
    }
    guard (try? loadCatalog())?.product(productId)?.type == .autoRenewable else { throw .invalidProductId }
    return try actingForServer { opened, _ throws(ServerAPIError) in
      opened.store.app.bundleId = catalogFieldsQuietly()?.bundleId ?? opened.store.app.bundleId
      let mass = MassExtension(
        requestIdentifier: request, productId: productId, days: days, reasonCode: reason,
        storefrontCountryCodes: body.storefrontCountryCodes ?? [], date: opened.now)
      let outcome = opened.store.extendRenewalDates(mass, now: opened.now)
      return .object([("requestIdentifier", .string(outcome.requestIdentifier))])
    }
  }

  /// Use case: Get Status of Subscription Renewal Date Extensions
  /// (`GET /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`).
  package func serverMassExtensionStatus(productId: String, requestIdentifier: String) throws(ServerAPIError) -> JSONValue {
    guard SignedPayloads.accountToken(requestIdentifier) != nil else { throw .invalidRequestIdentifier }
    let (opened, _) = try openForServer()
    guard let mass = opened.store.state.massExtensions[MassExtension.key(productId: productId, requestIdentifier: requestIdentifier)] else {
      throw .statusRequestNotFound
    }
    return .object([
      ("requestIdentifier", .string(mass.requestIdentifier)), ("complete", .bool(true)), ("completeDate", .int(mass.date.milliseconds)),
      ("succeededCount", .int(Int64(mass.succeededCount))), ("failedCount", .int(Int64(mass.failedCount))),
    ])
  }

  /// Use case: Set App Account Token (`PUT /inApps/v1/transactions/{id}/appAccountToken`):
  /// the purchase's `appAccountToken` becomes `token` (a UUID), for its renewals too.
  package func serverSetAppAccountToken(_ originalId: String, token: String?) throws(ServerAPIError) {
    _ = try Self.transactionNumber(originalId, invalid: .invalidOriginalTransactionId)
    guard let token, let normalized = SignedPayloads.accountToken(token) else { throw .invalidAppAccountToken }
    try actingForServer { opened, _ throws(ServerAPIError) in
      guard let transaction = try find(originalId, in: opened), transaction.state == .purchased else { throw .originalTransactionIdNotFound }
      guard transaction.id == transaction.originalId else { throw .transactionIdIsNotOriginal }
      // Apple answers FamilyTransactionNotSupportedError (4000185): the token is the
      // purchaser's to set, not a family member's.
      guard transaction.familySharedFrom == nil else { throw .familyTransactionNotSupported }
      _ = opened.store.setAppAccountToken(normalized, on: transaction)
    }
  }
}
