import IAPCore
import IAPFormats
import IAPKit

extension Parameter where Value == String {
  /// Text, as given.
  package static func string(_ info: ParameterInfo) -> Self {
    Self(info, .string) { (raw, input, info) throws(IAPError) -> String in try singleText(raw, input, info, expected: "a string") }
  }

  /// A whole number kept as its text (a signed offer's timestamp, which the store checks as it
  /// was signed): the CLI's text as given, a JSON number's digits.
  package static func integerText(_ info: ParameterInfo) -> Self {
    Self(info, .integer) { (raw, input, info) throws(IAPError) -> String in
      if case .json(let json) = raw {
        guard let number = json.intValue else { throw input.invalid(info, expected: "an integer", got: JSONWriter.compact(json)) }
        return String(number)
      }
      return try singleText(raw, input, info, expected: "an integer")
    }
  }
}

extension Parameter where Value == Int {
  /// A whole number within `Int`: the CLI's digits with an optional sign, a JSON integer.
  package static func integer(_ info: ParameterInfo) -> Self {
    Self(info, .integer) { (raw, input, info) throws(IAPError) -> Int in
      if case .json(let json) = raw {
        guard let number = json.intValue, let int = Int(exactly: number) else {
          throw input.invalid(info, expected: "an integer", got: JSONWriter.compact(json))
        }
        return int
      }
      let text = try singleText(raw, input, info, expected: "an integer")
      let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
      guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        throw input.invalid(info, expected: "an integer", got: text)
      }
      // Beyond Int no request could carry it, and clamping would record a value nobody asked for.
      guard let value = Int(text) else {
        throw input.usage("invalid value for \(input.label(info)): \(text) is outside the integer range \(Int.min)...\(Int.max)")
      }
      return value
    }
  }
}

extension Parameter where Value == Bool {
  /// True or false: the CLI's flag, a JSON boolean, a query's `true`, `false`, `1` or `0`.
  package static func flag(_ info: ParameterInfo) -> Self {
    Self(info, .boolean) { (raw, input, info) throws(IAPError) -> Bool in
      switch raw {
      case .present: return true
      case .json(let json):
        guard let flag = json.boolValue else { throw input.invalid(info, expected: "true or false", got: JSONWriter.compact(json)) }
        return flag
      case .text(let text):
        switch text {
        case "true", "1", "": return true
        case "false", "0": return false
        default: throw input.invalid(info, expected: "true or false", got: text)
        }
      case .texts(let texts): throw input.invalid(info, expected: "true or false", got: texts.joined(separator: " "))
      }
    }
  }
}

extension Parameter where Value == [String] {
  /// A list of text: a repeated option or variadic argument, a JSON array of strings.
  package static func strings(_ info: ParameterInfo) -> Self {
    Self(info, .strings) { (raw, input, info) throws(IAPError) -> [String] in
      switch raw {
      case .texts(let texts): return texts
      case .text(let text): return [text]
      case .present: throw input.invalid(info, expected: "a list of strings", got: "")
      case .json(let json):
        guard let items = json.arrayValue, case let texts = items.compactMap(\.stringValue), texts.count == items.count else {
          throw input.invalid(info, expected: "a list of strings", got: JSONWriter.compact(json))
        }
        return texts
      }
    }
  }
}

extension Parameter {
  /// Text that names a value of `Value`: `parse` finds it, `expected` says what is taken, and a
  /// near miss among `candidates` is suggested.
  package static func parsed(
    _ info: ParameterInfo, expected: String, candidates: [String] = [], _ parse: @escaping @Sendable (String) -> Value?
  ) -> Self {
    Self(info, .string) { (raw, input, info) throws(IAPError) -> Value in
      let text = try singleText(raw, input, info, expected: expected)
      guard let value = parse(text) else {
        throw input.invalid(info, expected: expected, got: text, hint: Suggestion.hint(for: text, in: candidates))
      }
      return value
    }
  }

  /// Text that `read` turns into a value or refuses with a message of its own (a duration's,
  /// which names the forms it takes).
  package static func read(
    _ info: ParameterInfo, _ read: @escaping @Sendable (String, any OperationInput) throws(IAPError) -> Value
  ) -> Self {
    Self(info, .string) { (raw, input, info) throws(IAPError) -> Value in
      try read(try singleText(raw, input, info, expected: "a string"), input)
    }
  }

  /// One of the parameter's `allowed` words, as a value of `Value`.
  package static func choice(_ info: ParameterInfo, _ parse: @escaping @Sendable (String) -> Value?) -> Self {
    let words = info.allowed
    let expected =
      words.count > 2 ? "one of " + words.joined(separator: ", ") : words.count == 2 ? "\(words[0]) or \(words[1])" : words.joined()
    return parsed(info, expected: expected, candidates: words, parse)
  }
}

/// The text of a single value, or the usage error that says what was expected.
private func singleText(_ raw: ParameterValue, _ input: any OperationInput, _ info: ParameterInfo, expected: String) throws(IAPError) -> String {
  switch raw {
  case .text(let text): return text
  case .texts(let texts): return texts.last ?? ""
  case .present: throw input.invalid(info, expected: expected, got: "")
  case .json(let json):
    guard let text = json.stringValue else { throw input.invalid(info, expected: expected, got: JSONWriter.compact(json)) }
    return text
  }
}
