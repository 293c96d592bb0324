import IAPCore
import IAPFormats
import IAPKit

/// An account's Family Sharing as JSON (`family --json`, the control plane).
package enum FamilyJSON {
  /// `{"account", "members", "memberOf"}`.
  package static func document(_ listing: FamilyListing, account: String) -> JSONValue {
    .object([
      ("account", .string(account)), ("members", .array(listing.members.map(JSONValue.string))),
      ("memberOf", .optional(listing.organizer)),
    ])
  }
}
