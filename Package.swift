// swift-tools-version:6.0
import PackageDescription

/// `iap`: a command-line simulator of the App Store and StoreKit's payment queue.
/// Foundation only, by design: no package dependencies.
let package = Package(
  name: "iap",
  products: [
    .executable(name: "iap", targets: ["iap"])
  ],
  targets: [
    .executableTarget(name: "iap", dependencies: ["IAPKit"]),
    .target(name: "IAPKit"),
    .testTarget(name: "IAPKitTests", dependencies: ["IAPKit"]),
  ]
)
