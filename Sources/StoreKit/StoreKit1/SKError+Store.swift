import Foundation
import IAPFormats

extension SKError {
  /// The error of a failed store call: the store names an `SKError` code for what StoreKit
  /// would fail with (a simulated failure, a refused payment); a request it finds malformed
  /// is `paymentInvalid` for a payment; anything else, the store unreached included, is
  /// `unknown`, as StoreKit reports what it cannot sort. The store's message is the error's.
  init(_ failure: StoreConnectionError, payment: Bool = false) {
    let code = Code(name: failure.name) ?? (payment && failure.name == "usage" ? .paymentInvalid : .unknown)
    self.init(code, userInfo: [NSLocalizedDescriptionKey: failure.message])
  }

  /// A transaction's `error` member (`{code, name, message}`), if it has one.
  init?(transactionError json: JSONValue?) {
    guard let json, json != .null else { return nil }
    let code = json["code"]?.intValue.flatMap { Code(rawValue: Int($0)) } ?? json["name"]?.stringValue.flatMap(Code.init(name:)) ?? .unknown
    var info: [String: Any] = [:]
    if let message = json["message"]?.stringValue { info[NSLocalizedDescriptionKey] = message }
    self.init(code, userInfo: info)
  }
}

extension SKError.Code {
  /// The code of this name, as the store spells it (the case's name).
  package init?(name: String) {
    guard let code = (0...20).lazy.compactMap(Self.init(rawValue:)).first(where: { "\($0)" == name }) else { return nil }
    self = code
  }
}
