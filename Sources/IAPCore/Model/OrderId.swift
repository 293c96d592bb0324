/// The order id on a purchase's receipt email, which a customer quotes to support and a
/// developer's server looks up (`GET /inApps/v1/lookup/{orderId}`): here `MK` and the
/// transaction id in base 36, at least eight characters, so that it reads back to the
/// transaction without a table.
package enum OrderId {
  /// The order id of transaction `id`.
  package static func of(_ id: UInt64) -> String {
    let digits = String(id, radix: 36, uppercase: true)
    return "MK" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
  }

  /// The transaction an order id names, or nil when it is not one this store gives.
  package static func transactionId(_ orderId: String) -> UInt64? {
    guard orderId.hasPrefix("MK"), orderId.count >= 10, orderId.count <= 15 else { return nil }
    let digits = orderId.dropFirst(2)
    guard digits.allSatisfy({ ($0 >= "0" && $0 <= "9") || ($0 >= "A" && $0 <= "Z") }), let id = UInt64(digits, radix: 36) else {
      return nil
    }
    return of(id) == orderId ? id : nil
  }
}
