import IAPCore
import IAPFormats
import IAPSystem

// MARK: - Settings

package extension StateSession {
  /// What `iap settings set` stored: setting name → normalized value.
  func settingsOverrides() throws(StateError) -> [String: String] {
    if let overrides { return overrides }
    let read = try readSettingsOverrides()
    overrides = read
    return read
  }

  private func readSettingsOverrides() throws(StateError) -> [String: String] {
    let path = directory.path + "/" + StateDirectory.Name.settings
    let bytes: [UInt8]
    do {
      guard let read = try readKept(StateDirectory.Name.settings) else { return [:] }
      bytes = read
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    guard let json = try? JSONParser.parse(bytes), let members = json.objectValue else {
      throw .unreadable(path: path, reason: "expected a JSON object of setting names to values")
    }
    var overrides: [String: String] = [:]
    for (key, value) in members {
      guard let text = value.stringValue, let normalized = try? StoreSettings.normalize(key: key, value: text) else {
        throw .unreadable(path: path, reason: "bad value for '\(key)'")
      }
      overrides[key] = normalized
    }
    return overrides
  }

  /// Replaces the stored settings atomically; an empty set removes the file.
  func saveSettings(_ overrides: [String: String]) throws(StateError) {
    precondition(writable, "saveSettings on a read-only state session")
    let json = JSONValue.object(overrides.keys.sorted().map { ($0, .string(overrides[$0]!)) })
    do {
      try writableFolder.replaceAtomically(StateDirectory.Name.settings, with: Array((JSONWriter.pretty(json) + "\n").utf8))
    } catch {
      throw .unwritable(path: directory.path, reason: error.description)
    }
    self.overrides = overrides
  }
}

// MARK: - Clock

package extension StateSession {
  /// The store's clock: simulated when `clock.json` says so, real otherwise.
  func clock() throws(StateError) -> StoreClock {
    let path = directory.path + "/" + StateDirectory.Name.clock
    let bytes: [UInt8]
    do {
      guard let read = try readKept(StateDirectory.Name.clock) else { return .real }
      bytes = read
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    guard let json = try? JSONParser.parse(bytes), let mode = json["mode"]?.stringValue else {
      throw .unreadable(path: path, reason: "expected {\"mode\": \"real\"|\"simulated\", \"now\": ms}")
    }
    switch mode {
    case "real": return .real
    case "simulated":
      guard let ms = json["now"]?.intValue, Timestamp.supportedRange.contains(Timestamp(milliseconds: ms)) else {
        throw .unreadable(path: path, reason: "bad or missing 'now' (a date in the years 0000 to 9999)")
      }
      return .simulated(Timestamp(milliseconds: ms))
    default:
      throw .unreadable(path: path, reason: "unknown mode '\(mode)'")
    }
  }

  /// Stores the clock atomically.
  func saveClock(_ clock: StoreClock) throws(StateError) {
    precondition(writable, "saveClock on a read-only state session")
    let json: JSONValue
    switch clock {
    case .real: json = .object([("mode", .string("real"))])
    case let .simulated(t): json = .object([("mode", .string("simulated")), ("now", .int(t.milliseconds)), ("iso", .string(t.iso8601))])
    }
    do {
      try writableFolder.replaceAtomically(StateDirectory.Name.clock, with: Array((JSONWriter.compact(json) + "\n").utf8))
    } catch {
      throw .unwritable(path: directory.path, reason: error.description)
    }
  }
}

// MARK: - Small files

extension StateSession {
  /// The bytes of `name`, nil when it does not exist: through the server's cache, which reads
  /// the file again only when its identity changed, else straight from the folder.
  func readKept(_ name: String) throws(POSIXFileError) -> [UInt8]? {
    guard let folder else { return nil }
    guard let cache else { return try folder.readIfExists(name) }
    return try cache.read(name, in: folder)
  }
}

// MARK: - Signing secret

package extension StateSession {
  /// The secret this state signs with, made (32 random bytes, hex) on the first write so that
  /// every state folder has its own; nil before anything was written.
  func signingSecret() throws(StateError) -> String? {
    do {
      guard let bytes = try readKept(StateDirectory.Name.secret) else { return nil }
      return String(decoding: bytes, as: UTF8.self).trimmingWhitespace
    } catch {
      throw .unreadable(path: error.path, reason: error.description)
    }
  }

  /// The state's secret, made now if this session may write and there is none yet.
  func signingSecretCreatingIfNeeded() throws(StateError) -> String? {
    if writable {
      do { try ensureSigningSecret() } catch { throw .unwritable(path: directory.path, reason: error.description) }
    }
    return try signingSecret()
  }

  /// Makes the secret if the state has none yet.
  func ensureSigningSecret() throws(POSIXFileError) {
    guard !writableFolder.exists(StateDirectory.Name.secret) else { return }
    var generator = SystemRandomNumberGenerator()
    let hex = (0..<32).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      return (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }.joined()
    try writableFolder.replaceAtomically(StateDirectory.Name.secret, with: Array((hex + "\n").utf8))
  }
}

package extension String {
  /// Without leading and trailing spaces and newlines.
  var trimmingWhitespace: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\n" || first == "\r" || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\n" || last == "\r" || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
