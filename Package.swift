// swift-tools-version:6.0
import PackageDescription

/// `iap`: a command-line simulator of the App Store and StoreKit's payment queue.
/// Foundation only, by design: no package dependencies.
///
/// Layers, each target seeing only the ones below it (see docs/architecture.md):
/// - `IAPCore`: the pure store model: products, transactions, events, the fold, store rules,
///   settings grammar, errors. No file, clock, network or console access.
/// - `IAPKit`: the application layer: catalog loading, state storage, signing, notification
///   delivery, downloads, and one function per use case (buy, finish, restore, …).
/// - `IAPCLI`: the command-line front end: argument parsing, help, completions, and one file
///   per command that parses, calls a use case and formats its result.
/// - `IAPServer`: the App Store Server API front end (`iap serve`): routes HTTP requests to
///   the same use cases and answers in Apple's shapes.
/// - `iap`: `main.swift`, which hands the process's streams, environment and clock to `IAPCLI`.
///
/// Release builds link the Swift runtime as usual. The fully static executable (no dynamic
/// loader at launch: about half of a command's cost) is built by `scripts/install` and
/// `scripts/bench` through `scripts/release-build`, which add the flags where the platform has them.
let package = Package(
  name: "iap",
  products: [
    .executable(name: "iap", targets: ["iap"])
  ],
  targets: [
    .executableTarget(name: "iap", dependencies: ["IAPCLI"]),
    .target(name: "IAPCLI", dependencies: ["IAPServer", "IAPKit", "IAPCore"]),
    .target(name: "IAPServer", dependencies: ["IAPKit", "IAPCore"]),
    .target(name: "IAPKit", dependencies: ["IAPCore"]),
    .target(name: "IAPCore"),
    .testTarget(name: "IAPKitTests", dependencies: ["IAPCLI", "IAPServer", "IAPKit", "IAPCore"]),
  ]
)
