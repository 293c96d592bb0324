// swift-tools-version:6.0
import PackageDescription

/// `iap`: a command-line simulator of the App Store and StoreKit's payment queue.
/// Foundation only, by design: no package dependencies.
///
/// Layers, each target seeing only the ones below it (see docs/architecture.md).
/// General-purpose libraries, none of which knows the store (each reads like the package the
/// Swift server ecosystem would use for it, so that swapping one in is one target's change):
/// - `IAPSystem`: POSIX threads, a mutex, monotonic deadlines, the wall clock, termination
///   signals, files and folders reached without following links, bounded input, the
///   process's standard streams and environment (as swift-system and NIOConcurrencyHelpers).
///   Imports nothing of iap's.
/// - `IAPFormats`: data formats: JSON value, parser and writer; XML and binary property lists;
///   Base64URL, CRC-32, ISO 8601 timestamps, sorted-line lookups (as Foundation's coders).
///   Imports nothing of iap's.
/// - `IAPCrypto`: SHA-2, HMAC-DRBG, P-256 ECDSA (RFC 6979), DER, X.509, PEM/PKCS#8, JWS
///   (as swift-crypto and swift-certificates). Imports `IAPFormats`.
/// - `IAPHTTP`: HTTP/1.1 messages, the request parser, the server core with its limits and
///   deadlines, and the client (as NIOHTTP1). Imports `IAPSystem` and `IAPFormats`.
/// The store:
/// - `IAPCore`: the pure store model: products, transactions, events, the fold, store rules,
///   subscriptions, receipts' content, settings grammar, errors. No file, clock, network,
///   process or console access. Imports `IAPFormats` and `IAPCrypto`.
/// - `IAPStorage`: the state folder: the append logs and their records, the seal, the snapshot,
///   the indexes, the session, locks and namespaces, `keys.json`, the downloads folder.
///   Imports `IAPCore`, `IAPCrypto` (the keys' PEM), `IAPFormats` and `IAPSystem`.
/// - `IAPCatalog`: the catalog's files: `catalog.plist` and `.storekit` reading and
///   validation, the catalog cache, plist writing. Imports `IAPCore`, `IAPFormats`, `IAPSystem`.
/// - `IAPKit`: the application layer: workspace, environment and console, signing,
///   notification delivery, downloads, the JSON views, and one function per use case (buy,
///   finish, restore, …). Imports the two above, `IAPCore` and the general-purpose libraries.
/// - `IAPOperations`: the operation table: each operation's parameters, help, defaults and rules,
///   the use case it calls and its result's JSON, from which the CLI's commands and the
///   control plane's routes (and their documents) are made.
/// Front ends:
/// - `StoreKit`: Apple's StoreKit API (StoreKit 2, and StoreKit 1's payment queue) for platforms
///   without Apple's, so that an app's own store code compiles and runs unchanged against a
///   store of `iap serve`: `IAP_URL`'s, else a private one in process (docs/client.md).
///   Imports `IAPServer` and `IAPKit` for that private store, and the general-purpose libraries.
/// - `StoreKitTest`: Apple's StoreKitTest (`SKTestSession`) over that store, each session or
///   test a namespace of its own, with the `.iapStore(configuration:)` trait and
///   `withStore(configuration:_:)` for tests that run at once. Imports `StoreKit`, `IAPFormats`.
/// - `IAPCLI`: the command-line front end: argument parsing, help, completions, and one file
///   per command that parses, calls a use case and formats its result.
/// - `IAPServer`: the App Store Server API front end (`iap serve`): routes HTTP requests to
///   the same use cases and answers in Apple's shapes; the use cases only Apple's API has,
///   and its error codes, are its own.
/// - `IAPWeb`: the web Transaction Manager's page, style sheet and scripts, embedded in the
///   binary; `iap serve` answers them at `/`. The page talks to the control plane only, so
///   the target imports nothing.
/// - `iap`: `main.swift`, which hands the process's streams, environment and clock to `IAPCLI`.
///
/// Release builds link the Swift runtime as usual. The fully static executable (no dynamic
/// loader at launch: about half of a command's cost) is built by `scripts/install` and
/// `scripts/bench` through `scripts/release-build`, which add the flags where the platform has them.
let package = Package(
  name: "iap",
  products: [
    .executable(name: "iap", targets: ["iap"]),
    .library(name: "StoreKit", targets: ["StoreKit"]),
    .library(name: "StoreKitTest", targets: ["StoreKitTest"]),
  ],
  targets: [
    .executableTarget(name: "iap", dependencies: ["IAPCLI"]),
    .target(name: "IAPCLI", dependencies: ["IAPServer", "IAPOperations", "IAPKit", "IAPCatalog", "IAPStorage", "IAPCore", "IAPHTTP", "IAPCrypto", "IAPFormats", "IAPSystem"]),
    .target(name: "IAPServer", dependencies: ["IAPOperations", "IAPKit", "IAPCatalog", "IAPStorage", "IAPCore", "IAPHTTP", "IAPCrypto", "IAPFormats", "IAPSystem", "IAPWeb"]),
    // The page's HTML, CSS and JavaScript, compiled into the binary as byte arrays.
    .target(name: "IAPWeb", resources: [.embedInCode("Assets")]),
    .target(name: "IAPOperations", dependencies: ["IAPKit", "IAPCatalog", "IAPStorage", "IAPCore", "IAPFormats"]),
    .target(name: "IAPKit", dependencies: ["IAPCatalog", "IAPStorage", "IAPCore", "IAPHTTP", "IAPCrypto", "IAPFormats", "IAPSystem"]),
    .target(name: "IAPCatalog", dependencies: ["IAPCore", "IAPFormats", "IAPSystem"]),
    .target(name: "IAPStorage", dependencies: ["IAPCore", "IAPCrypto", "IAPFormats", "IAPSystem"]),
    .target(name: "IAPCore", dependencies: ["IAPCrypto", "IAPFormats"]),
    // StoreKit's own API for platforms without Apple's: an app's store code and its tests,
    // unchanged, against a store of iap serve (a private one in process unless IAP_URL names one).
    .target(name: "StoreKit", dependencies: ["IAPServer", "IAPKit", "IAPCore", "IAPHTTP", "IAPCrypto", "IAPFormats", "IAPSystem"]),
    .target(name: "StoreKitTest", dependencies: ["StoreKit", "IAPFormats"]),
    .target(name: "IAPHTTP", dependencies: ["IAPSystem", "IAPFormats"]),
    .target(name: "IAPCrypto", dependencies: ["IAPFormats"]),
    .target(name: "IAPFormats"),
    .target(name: "IAPSystem"),
    .testTarget(name: "IAPSystemTests", dependencies: ["IAPSystem"]),
    .testTarget(name: "IAPFormatsTests", dependencies: ["IAPFormats"]),
    .testTarget(name: "IAPCryptoTests", dependencies: ["IAPCrypto", "IAPFormats"]),
    .testTarget(name: "IAPWebTests", dependencies: ["IAPWeb"]),
    .testTarget(name: "IAPCatalogTests", dependencies: ["IAPCatalog", "IAPCore", "IAPFormats", "IAPSystem"]),
    .testTarget(name: "IAPStorageTests", dependencies: ["IAPStorage", "IAPCore", "IAPFormats"]),
    .testTarget(name: "IAPHTTPTests", dependencies: ["IAPHTTP", "IAPSystem", "IAPFormats"]),
    // The library's tests stand a store up in process (IAPServer over IAPKit) to talk to.
    .testTarget(name: "StoreKitTests", dependencies: ["StoreKit", "StoreKitTest", "IAPFormats"], resources: [.copy("Resources")]),
    // What the store's tests share: the harness that runs iap in process in a folder of its
    // own, fixtures, and the scenario runner that plays one scenario in process, against the
    // built binary or over the control plane. Test support, not a product: it lives with the
    // tests, and imports only package API (no @testable), so that any build compiles it.
    .target(
      name: "IAPTesting", dependencies: ["IAPCLI", "IAPServer", "IAPKit", "IAPCore", "IAPHTTP", "IAPCrypto", "IAPFormats"],
      path: "Tests/IAPTesting"),
    // One test target per layer of the store, each depending on what its files import.
    .testTarget(name: "IAPOperationsTests", dependencies: ["IAPOperations", "IAPKit", "IAPCatalog", "IAPFormats"]),
    .testTarget(name: "IAPCoreTests", dependencies: ["IAPCore", "IAPCrypto", "IAPFormats"]),
    .testTarget(name: "IAPKitTests", dependencies: ["IAPTesting", "IAPCLI", "IAPKit", "IAPCatalog", "IAPStorage", "IAPCore", "IAPHTTP", "IAPCrypto", "IAPFormats", "IAPSystem"]),
    .testTarget(name: "IAPCLITests", dependencies: ["IAPTesting", "IAPCLI", "IAPOperations", "IAPKit", "IAPCatalog", "IAPStorage", "IAPCore", "IAPHTTP", "IAPCrypto", "IAPFormats", "IAPSystem"]),
    .testTarget(
      name: "IAPServerTests", dependencies: ["IAPTesting", "IAPServer", "IAPKit", "IAPStorage", "IAPCore", "IAPHTTP", "IAPCrypto", "IAPFormats", "IAPSystem"]),
    // The program as a whole: scenarios played against the built binary too, the end-to-end
    // scripts, the fuzz targets' inputs, and the manifest's and docs' checks.
    .testTarget(name: "iapTests", dependencies: ["IAPTesting", "IAPCLI", "IAPServer", "IAPOperations", "IAPKit", "IAPCatalog", "IAPStorage", "IAPCore", "IAPHTTP", "IAPCrypto", "IAPFormats"]),
  ]
)

// A file names every module whose members it uses: a member reached only because another
// import brought its module along is an error, so each file's imports say what it stands on.
for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}

// The tests' own code is compiled without debug information: their failures name file and
// line through Swift Testing's source locations, and the code they test keeps its own. Their
// `@Test` and `#expect` macros expand into much code, and describing it to a debugger is a
// good part of compiling it (docs/development.md has the figures). A product's target may
// carry no unsafe flag (a package that depends on this one could not build it); a test
// target is in no product.
for target in package.targets where target.type == .test {
  target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-gnone"])]
}
