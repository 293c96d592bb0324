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
    .executableTarget(
      name: "iap", dependencies: ["IAPKit"],
      linkerSettings: [
        // Release builds on Linux link one fully static executable: no dynamic loader, no
        // relocations to apply at launch. Start-up is most of what a command costs, and this
        // halves it (see README, "Performance"). The glibc warnings about getpwnam at link
        // time concern code paths iap never takes.
        .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))
      ]),
    .target(name: "IAPKit"),
    .testTarget(name: "IAPKitTests", dependencies: ["IAPKit"]),
  ]
)
