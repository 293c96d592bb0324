extension SettingError {
  /// The one-line message a bad key or value is reported with, by every front end.
  package var message: String {
    switch self {
    case let .unknownKey(key):
      let names = StoreSettings.specs.map(\.name)
      return "unknown setting '\(key)'\(Suggestion.hint(for: key, in: names))"
    case let .invalidValue(key, value, expected):
      return "invalid value for \(key): expected \(expected), got '\(value)'"
    }
  }
}
