import IAPCore
import IAPFormats

/// An account's Family Sharing as JSON (`family --json`, the control plane).
public enum FamilyJSON {
  /// `{"account", "members", "memberOf"}`.
  public static func document(_ listing: FamilyListing, account: String) -> JSONValue {
    .object([
      ("account", .string(account)), ("members", .array(listing.members.map(JSONValue.string))),
      ("memberOf", .optional(listing.organizer)),
    ])
  }
}
