#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import IAPFormats

/// StoreKit 2's `AppTransaction`, read from its signed payload.
public struct AppTransaction: Sendable, Equatable {
  public let bundleID: String
  public let appVersion: String
  public let originalAppVersion: String
  public let originalPurchaseDate: Date?
  public let environment: String?
  public let jwsRepresentation: String

  init(jws: String, payload: JSONValue) throws(VerificationError) {
    guard let bundle = payload["bundleId"]?.stringValue else { throw .malformed("the payload is not an app transaction") }
    bundleID = bundle
    appVersion = payload["applicationVersion"]?.stringValue ?? ""
    originalAppVersion = payload["originalApplicationVersion"]?.stringValue ?? ""
    originalPurchaseDate = payload["originalPurchaseDate"]?.intValue.map { Date(timeIntervalSince1970: Double($0) / 1000) }
    environment = payload["receiptType"]?.stringValue
    jwsRepresentation = jws
  }
}
