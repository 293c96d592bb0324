// Apple's StoreKit module brings Foundation with it: an app file that imports StoreKit alone
// (or StoreKitTest, which brings StoreKit) still names `UUID`, `Date`, `URLError` and
// `Decimal`.
@_exported import Foundation
