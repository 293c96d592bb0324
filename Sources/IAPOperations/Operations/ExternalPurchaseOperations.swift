import IAPKit

/// StoreKit's External Purchase API: what an app configured for external purchase gets.
package enum ExternalPurchaseOperations {
  package static let token = OperationSpec(
    "external-purchase token",
    summary: "Give the app an external purchase token (ExternalPurchase.presentNoticeSheet()).",
    parameters: [])
}
