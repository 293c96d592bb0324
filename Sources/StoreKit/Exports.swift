// Apple's StoreKit brings Foundation with it: a store file that says only `import StoreKit`
// uses `Date`, `UUID` and `Decimal`, and compiles here as it does there.
@_exported import Foundation
