import IAPCore
import IAPFormats

/// How renewal-date extensions are written in the state files: a subscription's own
/// extensions, and mass extension requests.
package enum ExtensionRecord {
  static func encode(_ e: RenewalExtension) -> JSONValue {
    .object([
      ("requestIdentifier", .string(e.requestIdentifier)), ("days", .int(Int64(e.days))), ("reasonCode", .int(Int64(e.reasonCode))),
      ("date", .int(e.date.milliseconds)), ("effectiveDate", .int(e.effectiveDate.milliseconds)),
    ])
  }

  package static func decode(_ json: JSONValue) throws(RecordError) -> RenewalExtension {
    guard let request = json["requestIdentifier"]?.stringValue else { throw RecordError(field: "requestIdentifier") }
    guard let days = json["days"]?.intValue.flatMap({ Int(exactly: $0) }) else { throw RecordError(field: "days") }
    guard let reason = json["reasonCode"]?.intValue.flatMap({ Int(exactly: $0) }) else { throw RecordError(field: "reasonCode") }
    guard let date = json["date"]?.intValue else { throw RecordError(field: "date") }
    guard let effective = json["effectiveDate"]?.intValue else { throw RecordError(field: "effectiveDate") }
    return RenewalExtension(
      requestIdentifier: request, days: days, reasonCode: reason, date: Timestamp(milliseconds: date),
      effectiveDate: Timestamp(milliseconds: effective))
  }

  static func encode(_ m: MassExtension) -> JSONValue {
    .object([
      ("requestIdentifier", .string(m.requestIdentifier)), ("productId", .string(m.productId)), ("days", .int(Int64(m.days))),
      ("reasonCode", .int(Int64(m.reasonCode))), ("storefrontCountryCodes", .array(m.storefrontCountryCodes.map(JSONValue.string))),
      ("date", .int(m.date.milliseconds)), ("succeededCount", .int(Int64(m.succeededCount))),
      ("failedCount", .int(Int64(m.failedCount))),
    ])
  }

  static func decodeMass(_ json: JSONValue) throws(RecordError) -> MassExtension {
    func int(_ key: String) throws(RecordError) -> Int {
      guard let value = json[key]?.intValue.flatMap({ Int(exactly: $0) }) else { throw RecordError(field: key) }
      return value
    }
    guard let request = json["requestIdentifier"]?.stringValue else { throw RecordError(field: "requestIdentifier") }
    guard let product = json["productId"]?.stringValue else { throw RecordError(field: "productId") }
    guard let codes = json["storefrontCountryCodes"]?.arrayValue else { throw RecordError(field: "storefrontCountryCodes") }
    var storefronts: [String] = []
    for code in codes {
      guard let text = code.stringValue else { throw RecordError(field: "storefrontCountryCodes") }
      storefronts.append(text)
    }
    var mass = MassExtension(
      requestIdentifier: request, productId: product, days: try int("days"), reasonCode: try int("reasonCode"),
      storefrontCountryCodes: storefronts, date: Timestamp(milliseconds: Int64(try int("date"))))
    mass.succeededCount = try int("succeededCount")
    mass.failedCount = try int("failedCount")
    return mass
  }
}
