import IAPCore
import IAPKit
import IAPFormats
import IAPOperations

/// `iap catalog convert`: a catalog in either format, written as the equivalent `catalog.plist`.
struct CatalogConvertCommand: Command {
  static let spec = CommandSpec(
    ["catalog", "convert"], operation: CatalogOperations.convert,
    discussion: """
      Reads an Xcode StoreKit configuration file (.storekit, versions 1 to 5) or a catalog.plist \
      and writes the equivalent catalog.plist (XML), which loads as the same catalog. What cannot \
      be mapped is reported as warnings on stderr. --output is written atomically, and never over \
      the file being converted.
      """,
    arguments: [ArgumentSpec("file", CatalogOperations.file)], shorts: ["output": "o"])

  let request: CatalogConvertRequest

  init(_ invocation: Invocation) throws(IAPError) { request = try CatalogOperations.convertRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.convertCatalog(request)
    let catalog = result.catalog
    guard let output = request.output else {
      if context.globals.json {
        context.console.json(.object([("plist", .string(result.xml)), ("warnings", .array(result.warnings.map(JSONValue.string)))]))
      } else {
        context.console.line(result.xml, terminator: "")
      }
      return .success
    }
    if result.outcome == .outputIsSource {
      throw .invalidRequest("'--output' names the file being converted (\(result.displayPath)); write to another path")
    }
    if context.globals.json {
      context.console.json(.object([
        ("output", .string(output)), ("products", .int(Int64(catalog.products.count))),
        ("settings", .int(Int64(catalog.settings.entries.count))), ("warnings", .array(result.warnings.map(JSONValue.string))),
      ]))
    } else {
      let summary = [CatalogLintCommand.counted(catalog.products.count, "product"), CatalogLintCommand.counted(catalog.settings.entries.count, "setting")]
      context.console.line("wrote \(output): " + summary.joined(separator: ", "))
    }
    return .success
  }
}
