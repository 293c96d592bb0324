import IAPCore
import IAPKit
import IAPFormats
import IAPOperations

/// `iap catalog lint`: every problem of a catalog in either format, errors and warnings.
struct CatalogLintCommand: Command {
  static let spec = CommandSpec(
    ["catalog", "lint"], operation: CatalogOperations.lint,
    discussion: """
      Prints each error and warning on stderr, one per line naming the file, the product and the \
      key, then a summary on stdout (with --json: {"errors": [...], "warnings": [...]}). Exits 65 \
      if there is any error, 0 if there are only warnings or none.
      """,
    arguments: [ArgumentSpec("file", CatalogOperations.file)])

  let file: String?

  init(_ invocation: Invocation) throws(IAPError) { file = try CatalogOperations.lintRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.lintCatalog(file)
    for error in result.errors { context.console.error(error) }
    for warning in result.warnings { context.console.warning(warning) }
    if context.globals.json {
      context.console.json(.object([
        ("errors", .array(result.errors.map(JSONValue.string))), ("warnings", .array(result.warnings.map(JSONValue.string))),
      ]))
    } else {
      context.console.line("\(result.displayPath): \(Self.counted(result.errors.count, "error")), \(Self.counted(result.warnings.count, "warning"))")
    }
    return result.errors.isEmpty ? .success : .dataError
  }

  /// `2 warnings`, `1 error`.
  static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
