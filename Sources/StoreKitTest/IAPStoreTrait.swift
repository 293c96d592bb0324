#if canImport(Testing)
  import Testing

  /// The trait `.iapStore(configuration:)`: each test it applies to runs with a store of its
  /// own, as `withStore(configuration:_:)` makes one, deleted when the test ends.
  ///
  /// On a test, that test (each of its arguments, for a parameterized one) has its store; on
  /// a suite, every test in it, nested suites included, has one of its own. StoreKit calls
  /// made by the test and the code it runs reach that store, and an `SKTestSession` made in
  /// the test controls it; so Swift Testing's tests, which run at once, never see one
  /// another's purchases, settings or clock.
  ///
  /// ```swift
  /// @Suite(.iapStore(configuration: "Products"))
  /// struct ShopTests {
  ///   @Test func aRefundRevokesAccess() async throws {
  ///     let session = try SKTestSession(configurationFileNamed: "Products")
  ///     …
  ///   }
  /// }
  /// ```
  ///
  /// A configuration file that is not found, or that the store refuses, fails the test
  /// before it runs (`SKTestError`).
  public struct IAPStoreTrait: TestTrait, SuiteTrait, TestScoping {
    /// The configuration file's name, nil for the catalog the server was given.
    let configuration: String?

    /// True: on a suite, each of its tests has a store of its own, rather than sharing one.
    public var isRecursive: Bool { true }

    /// Runs the test in a store of its own (`withStore`).
    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      try await withStore(configuration: configuration) { try await function() }
    }
  }

  extension Trait where Self == IAPStoreTrait {
    /// A store of its own for each test: a new namespace selling the configuration file
    /// `configuration` (`Products` or `Products.storekit`, found as
    /// `SKTestSession(configurationFileNamed:)` finds it), or, with nil, the catalog the server
    /// was given.
    public static func iapStore(configuration: String? = nil) -> Self {
      IAPStoreTrait(configuration: configuration)
    }
  }
#endif
