/// Apple's `environment` (JWSTransaction, JWSRenewalInfo, notifications; `Environment` in
/// Apple's libraries, `AppStore.Environment` in StoreKit): the store that signed a value.
/// iap's `environment` setting takes these words, and the signed payloads name it.
///
/// The cases are in the order `iap settings` lists them (from the default, LocalTesting, to
/// Production), which its help shows.
package enum AppStoreEnvironment: String, CaseIterable, Sendable {
  /// StoreKit Testing in Xcode's own tests (the setting's default).
  case localTesting = "LocalTesting"
  /// StoreKit Testing in Xcode.
  case xcode = "Xcode"
  case sandbox = "Sandbox"
  case production = "Production"

  /// Whether values are signed as Apple signs them (ES256 with a certificate chain that
  /// Apple's verifiers check) rather than with Xcode's local key.
  package var signsWithCertificates: Bool { self == .sandbox || self == .production }
}
