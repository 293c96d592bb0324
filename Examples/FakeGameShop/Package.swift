// swift-tools-version:6.0
import PackageDescription

/// The shop of the bundled game, written as an iOS app writes its store with StoreKit 2
/// (`import StoreKit`): against Apple's StoreKit on Apple's platforms, against iap's on Linux,
/// where StoreKit reaches a private store it starts in the process, so that `swift test`
/// needs no server and no `iap` binary (docs/client.md).
///
/// Its tests are StoreKit tests as Xcode runs them (`import StoreKitTest`, an `SKTestSession`
/// over `FakeGame.storekit`), each with iap's `.iapStore` trait, which gives every test a store
/// of its own so that they run at once. The trait is iap's: the tests build on Linux.
///
/// Beside it, a StoreKit 1 store class from a tutorial, unchanged (`FakeGameTutorial`).
let package = Package(
  name: "FakeGameShop",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [.package(name: "iap", path: "../..")],
  targets: [
    .target(
      name: "FakeGameShop",
      dependencies: [.product(name: "StoreKit", package: "iap", condition: .when(platforms: [.linux]))]),
    // A tutorial's StoreKit 1 store class, byte for byte as its author wrote it, in the Swift 5
    // language mode it was written for (Sources/FakeGameTutorial/README.md).
    .target(
      name: "FakeGameTutorial",
      dependencies: [.product(name: "StoreKit", package: "iap", condition: .when(platforms: [.linux]))],
      exclude: ["README.md"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "FakeGameShopTests",
      dependencies: [
        "FakeGameShop", "FakeGameTutorial",
        .product(name: "StoreKit", package: "iap", condition: .when(platforms: [.linux])),
        .product(name: "StoreKitTest", package: "iap", condition: .when(platforms: [.linux])),
      ],
      resources: [.copy("FakeGame.storekit"), .copy("FakeGameTutorial.storekit")]),
  ]
)
