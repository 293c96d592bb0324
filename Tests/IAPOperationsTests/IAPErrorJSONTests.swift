import IAPCatalog
import IAPFormats
import IAPKit
import IAPOperations
import Testing

/// The `{"error": …}` document both front ends print: `--json` on stdout and the control
/// plane's answers.
@Suite struct IAPErrorJSONTests {
  @Test func theDocumentNamesTheErrorItsCodeAndTheRemedy() {
    let missing = IAPError.catalog(.catalogMissing(path: "shop.plist"))
    #expect(
      JSONWriter.compact(missing.json)
        == #"{"domain":"iap","code":66,"name":"catalogMissing","message":"catalog not found: shop.plist (use --catalog PATH or IAP_CATALOG)","exitCode":66}"#
    )
  }
}
