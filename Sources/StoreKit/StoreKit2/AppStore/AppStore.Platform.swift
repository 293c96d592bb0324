extension AppStore {
  /// StoreKit's `AppStore.Platform`: the platform a customer first got the app on.
  public struct Platform: RawRepresentable, Equatable, Hashable, Sendable {
    /// `originalPlatform` as the signed app transaction carries it.
    public let rawValue: String

    /// The value of this raw value; one StoreKit does not name is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// iOS or iPadOS.
    public static let iOS = Platform(rawValue: "iOS")
    /// macOS.
    public static let macOS = Platform(rawValue: "macOS")
    /// tvOS.
    public static let tvOS = Platform(rawValue: "tvOS")
    /// visionOS.
    public static let visionOS = Platform(rawValue: "visionOS")
  }
}
