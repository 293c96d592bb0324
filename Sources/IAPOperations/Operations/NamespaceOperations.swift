import IAPCore
import IAPFormats
import IAPKit

/// What `namespace create` was asked for: the namespace, what it starts with, and how long
/// the server keeps it.
package struct NamespaceCreateRequest: Sendable {
  /// The namespace to make.
  package var name: String
  /// What it starts with.
  package var setup: NamespaceSetup
  /// Deleted when the server stops (the control plane only: a command outlives no server).
  package var temporary: Bool
  /// Deleted once no request reached it for this many seconds (temporary ones only).
  package var idleSeconds: Int?
}

/// A namespace made in one call, with its settings, for a test to start from at once.
package enum NamespaceOperations {
  /// The longest idle time a temporary namespace is given: a day.
  static let longestIdle = 86_400

  /// The namespace's name, checked as every namespace's is.
  package static let name = Parameter<String>.read(
    ParameterInfo("name", json: "name", value: "name", required: true, help: "The namespace: 1 to 64 ASCII letters, digits, - and _.")
  ) { (text, input) throws(IAPError) -> String in
    if let problem = Workspace.namespaceNameProblem(text) { throw input.usage("invalid namespace '\(text.prefix(64))': \(problem)") }
    return text
  }
  /// The environment it signs for, one of `AppStoreEnvironment`'s.
  package static let environment = Parameter<String>.choice(
    ParameterInfo(
      "environment", json: "environment", value: "name", allowed: AppStoreEnvironment.allCases.map(\.rawValue),
      help: "The environment its signed values name (default: the catalog's, else LocalTesting).")
  ) { AppStoreEnvironment(rawValue: $0)?.rawValue }
  /// The app's Apple ID, as the `app-apple-id` setting takes it.
  package static let appAppleId = Parameter<String>.integerText(
    ParameterInfo("app-apple-id", json: "appAppleId", value: "id", help: "The app's Apple ID, required in Production."))
  /// Where its notifications go, as the `notification-url` setting takes it.
  package static let notificationURL = Parameter<String>.string(
    ParameterInfo("notification-url", json: "notificationUrl", value: "url", help: "Where its App Store Server Notifications are POSTed."))
  /// Where its clock starts: a date, simulated from there.
  package static let clock = Parameter<ClockDestination>.read(
    ParameterInfo("clock", json: "clock", value: "date", help: "Start its clock, simulated, at this date (ISO 8601); else it follows the machine's.")
  ) { (text, input) throws(IAPError) -> ClockDestination in
    guard let date = Timestamp(iso8601: text) else { throw input.usage(ClockDestination.invalidDate(text)) }
    return .date(date)
  }
  /// A catalog of its own, as a path the process that makes it reads.
  package static let catalogFile = Parameter<String>.parsed(
    ParameterInfo(
      "catalog-file", json: "catalogFile", value: "path",
      help: "A catalog of its own: a .storekit configuration or a catalog plist, read by the process that makes it."),
    expected: "a path"
  ) { $0.isEmpty ? nil : $0 }
  /// Whether the server deletes it when it stops.
  package static let temporary = Parameter<Bool>.flag(
    ParameterInfo("temporary", json: "temporary", reach: .controlPlaneOnly, help: "Delete it when the server stops."))
  /// How long a temporary one may go without a request before it is deleted.
  package static let idleSeconds = Parameter<Int>.integer(
    ParameterInfo(
      "idle-seconds", json: "idleSeconds", value: "seconds", reach: .controlPlaneOnly,
      help: "With temporary: also delete it once no request reached it for this long, 1 to 86400 seconds."))

  /// `namespace create`, `POST /iap/v1/namespaces`.
  package static let create = OperationSpec(
    "namespace create", summary: "Make a namespace in one call, with its settings, a key and its root certificate.",
    parameters: [name.info, environment.info, appAppleId.info, notificationURL.info, clock.info, catalogFile.info, temporary.info, idleSeconds.info])

  /// What to make, checked whole before anything is: usage errors only.
  package static func createRequest(_ input: some OperationInput) throws(IAPError) -> NamespaceCreateRequest {
    var setup = NamespaceSetup()
    // app-apple-id before environment: Production is checked with its id beside it.
    let settings: [(String, Parameter<String>)] = [("app-apple-id", appAppleId), ("environment", environment), ("notification-url", notificationURL)]
    for (key, parameter) in settings {
      if let value = try input.value(parameter) { setup.settings.append(try SettingsOperations.change(key, to: value, input)) }
    }
    setup.clock = try input.value(clock)
    setup.catalogFile = try input.value(catalogFile)
    let temporary = try input.value(temporary, default: false)
    let idle = try input.value(idleSeconds)
    if let idle {
      guard temporary else { throw input.usage("\(input.name(idleSeconds.info)) is for a temporary namespace: add \(input.name(Self.temporary.info))") }
      guard (1...longestIdle).contains(idle) else {
        throw input.invalid(idleSeconds.info, expected: "1 to \(longestIdle) seconds", got: String(idle))
      }
    }
    return NamespaceCreateRequest(name: try input.required(name), setup: setup, temporary: temporary, idleSeconds: idle)
  }
}
