import IAPFormats

/// The members of a record the general parser read into a tree, gathered by field in one
/// pass (the first of a repeated key, as `JSONValue`'s subscript finds; unknown keys are
/// ignored), so that reading each is not a search of the object.
struct TransactionRecordTree: TransactionRecordMembers {
  let values: UnsafeMutableBufferPointer<JSONValue?>

  /// Gathers `members` into `values`, which holds `Field.count` nils.
  init(_ members: [(String, JSONValue)], into values: UnsafeMutableBufferPointer<JSONValue?>) {
    self.values = values
    var previous: TransactionRecord.Field?
    for (key, value) in members {
      guard let field = TransactionRecord.Field.named(key, after: previous) else { continue }
      if values[field.rawValue] == nil { values[field.rawValue] = value }
      previous = field
    }
  }

  func isPresent(_ field: TransactionRecord.Field) -> Bool { values[field.rawValue] != nil }
  func isNull(_ field: TransactionRecord.Field) -> Bool { values[field.rawValue] == .null }
  func stringValue(_ field: TransactionRecord.Field) -> String? { values[field.rawValue]?.stringValue }
  func int(_ field: TransactionRecord.Field) -> Int64? { values[field.rawValue]?.intValue }
  func bool(_ field: TransactionRecord.Field) -> Bool? { values[field.rawValue]?.boolValue }
  func nested(_ field: TransactionRecord.Field) -> JSONValue? { values[field.rawValue] }
}
