/// The operation table: every operation the front ends offer, each declared once. The CLI's
/// commands and the control plane's routes are made from these declarations (a test checks
/// that each is offered by one or the other, under its name or its summary).
package enum OperationTable {
  package static var all: [OperationSpec] {
    var operations: [OperationSpec] = [
      BuyOperation.spec, FinishOperation.spec, FinishOperation.one, FinishOperation.every, HistoryOperation.spec,
      RefundOperation.spec, RefundRequestOperation.spec,
    ]
    let actions: [TransactionAction] = [
      TransactionActions.approve, TransactionActions.decline, TransactionActions.resolve, TransactionActions.delete,
      TransactionActions.declineRefund, TransactionActions.reverseRefund,
    ]
    operations += actions.map(\.spec)
    operations += [ClockOperations.show, ClockOperations.advance, ClockOperations.set, ClockOperations.real, ClockOperations.move]
    operations += [SubscriptionOperations.status, SubscriptionOperations.timeline, SubscriptionOperations.manage]
    let subscriptionActions: [SubscriptionActionOperation] = [
      SubscriptionOperations.cancel, SubscriptionOperations.resume, SubscriptionOperations.expire, SubscriptionOperations.renew,
    ]
    operations += subscriptionActions.map(\.spec)
    operations += [
      PriceIncreaseOperations.announce, PriceIncreaseOperations.consentAnswer, PriceIncreaseOperations.accept, PriceIncreaseOperations.decline,
    ]
    operations += [
      ProductOperations.list, ProductOperations.fetch, ProductOperations.listOrFetch, ProductSaleOperations.remove, ProductSaleOperations.restore,
    ]
    operations += [
      AccountOperations.restore, AccountOperations.appStoreSync, AccountOperations.entitlements, AccountOperations.family,
      AccountOperations.addMember, AccountOperations.removeMember,
    ]
    operations += [
      AppOperations.appTransaction, AppOperations.canMakePayments, AppOperations.reinstall, AppOperations.clear,
      AppOperations.refreshReceipt, AppOperations.rescindConsent, ReceiptOperation.spec, ExternalPurchaseOperations.token,
    ]
    operations += [KeyOperations.create, KeyOperations.list, KeyOperations.add, KeyOperations.remove]
    operations += [
      StoreViewOperations.queue, StoreViewOperations.status, StoreViewOperations.messages, StoreViewOperations.dismissMessages,
      RetentionOfferOperation.spec, StoreViewOperations.sendMessage,
      StoreViewOperations.rootCertificate, StoreViewOperations.reset,
    ]
    operations += [
      DownloadOperations.start, DownloadOperations.pause, DownloadOperations.resume, DownloadOperations.cancel, DownloadOperations.status,
    ]
    operations += [
      NotificationsOperation.spec, NotificationTriggerOperation.spec, ReceiptVerifyOperation.spec, DoctorOperation.spec,
      CatalogOperations.lint, CatalogOperations.convert,
      JWSDecodeOperation.spec, NotificationCheckOperation.spec,
    ]
    operations += [SettingsOperations.show, SettingsOperations.set, SettingsOperations.reset]
    operations += [NamespaceOperations.create]
    return operations
  }
}
