import IAPCore
import IAPKit

/// Checking a catalog, and writing it as the other format.
package enum CatalogOperations {
  /// The catalog a tool reads, when not the workspace's.
  package static let file = Parameter<String>.string(
    ParameterInfo("file", json: "file", value: "file", default: "the --catalog one", help: "The catalog to read."))
  /// Where the plist is written, when not to standard output.
  package static let output = Parameter<String>.parsed(
    ParameterInfo("output", json: "output", value: "path", help: "Write the plist to this file instead of stdout."), expected: "a path"
  ) { $0.isEmpty ? nil : $0 }

  package static let lint = OperationSpec(
    "catalog lint", summary: "Check a catalog (.storekit or plist) and report every problem.", parameters: [file.info])
  package static let convert = OperationSpec(
    "catalog convert", summary: "Write a catalog (.storekit or plist) as catalog.plist.", parameters: [file.info, output.info])

  /// The catalog `lint` checks, nil for the workspace's.
  package static func lintRequest(_ input: some OperationInput) throws(IAPError) -> String? { try input.value(file) }

  package static func convertRequest(_ input: some OperationInput) throws(IAPError) -> CatalogConvertRequest {
    CatalogConvertRequest(file: try input.value(file), output: try input.value(output))
  }
}
