extension AppStore {
  /// StoreKit's `AppStore.Environment`: the server environment that signed a value.
  public struct Environment: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String

    /// The value of this raw value; one StoreKit does not name is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The App Store.
    public static let production = Environment(rawValue: "Production")
    /// The sandbox.
    public static let sandbox = Environment(rawValue: "Sandbox")
    /// Xcode's local StoreKit testing.
    public static let xcode = Environment(rawValue: "Xcode")

    /// The environment a signed payload names. The store signs Xcode's local testing as
    /// Apple's server library names it, `LocalTesting`; on the device that is `xcode`.
    init(payloadName: String) {
      self = payloadName == "LocalTesting" ? .xcode : Environment(rawValue: payloadName)
    }

    /// The environment, in English.
    public var localizedDescription: String {
      switch self {
      case .production: return "Production"
      case .sandbox: return "Sandbox"
      case .xcode: return "Xcode"
      default: return rawValue
      }
    }
  }
}
