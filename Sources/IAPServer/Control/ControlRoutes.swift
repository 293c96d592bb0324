/// Every route of the control plane, in the order docs/control-api.md and the OpenAPI
/// document list them: the one table dispatch reads.
enum ControlRoutes {
  static let all: [ControlRoute] =
    ProductRoutes.all + CatalogRoutes.all + ProductSaleRoutes.all + PurchaseRoutes.all + UpdateStreamRoutes.all + TransactionRoutes.all + RefundRoutes.all
    + AccountRoutes.all + ConsentRoutes.all + ExternalPurchaseRoutes.all + MessageRoutes.all + AppRoutes.all + SubscriptionRoutes.all + ClockRoutes.all + SettingsRoutes.all + ServerSideRoutes.all + NamespaceRoutes.all + StateRoutes.all
}
