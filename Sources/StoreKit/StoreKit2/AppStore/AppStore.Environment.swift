import IAPCore

extension AppStore {
  /// StoreKit's `AppStore.Environment`: the server environment that signed a value.
  public struct Environment: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String

    /// The value of this raw value; one StoreKit does not name is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The App Store.
    public static let production = Environment(rawValue: AppStoreEnvironment.production.rawValue)
    /// The sandbox.
    public static let sandbox = Environment(rawValue: AppStoreEnvironment.sandbox.rawValue)
    /// Xcode's local StoreKit testing.
    public static let xcode = Environment(rawValue: AppStoreEnvironment.xcode.rawValue)

    /// The environment a signed payload names. The store signs Xcode's local testing as
    /// Apple's server library names it, `LocalTesting`; on the device that is `xcode`.
    init(payloadName: String) {
      self = payloadName == AppStoreEnvironment.localTesting.rawValue ? .xcode : Environment(rawValue: payloadName)
    }

    /// The environment, in English: its name.
    public var localizedDescription: String { rawValue }
  }
}
