// swift-tools-version:6.0
import PackageDescription

/// An app's purchase code, tested against `iap serve` through IAPStoreKit: the pattern of
/// docs/client.md. The shop's `StoreManager` is written against `PurchaseBackend`, a protocol
/// the app implements with StoreKit in the app and with IAPStoreKit in tests.
let package = Package(
  name: "FakeGameShop",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "iap", path: "../..")],
  targets: [
    .target(name: "FakeGameShop", dependencies: [.product(name: "IAPStoreKit", package: "iap")]),
    .testTarget(name: "FakeGameShopTests", dependencies: ["FakeGameShop"]),
  ]
)
