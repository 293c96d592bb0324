// Apple's StoreKitTest brings StoreKit and Foundation with it: a test file that imports only
// StoreKitTest (and XCTest) uses `Product`, `Transaction`, `URL` and `UUID` as they are.
@_exported import Foundation
@_exported import StoreKit
