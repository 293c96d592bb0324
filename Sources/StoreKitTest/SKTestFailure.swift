/// Apple's `SKTestFailure`: an error the test environment can make a StoreKit API fail with,
/// one of `SKTestFailures`' enumerations, given to `SKTestSession.setSimulatedError(_:forAPI:)`.
public protocol SKTestFailure: Equatable, Sendable {}
