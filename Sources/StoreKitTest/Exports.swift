// Apple's StoreKitTest brings StoreKit with it: a test that says only `import StoreKitTest`
// uses `Product` and `Transaction`, and compiles here as it does there.
@_exported import StoreKit
