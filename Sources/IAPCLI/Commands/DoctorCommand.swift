import IAPCore
import IAPKit
import IAPFormats
import IAPStorage
import IAPOperations

/// `iap doctor [--repair]`: checks every record of the state, and salvages what is intact.
struct DoctorCommand: Command {
  static let spec = CommandSpec(
    ["doctor"], operation: DoctorOperation.spec,
    discussion: """
      Reads every record of transactions.log and notifications.log, checks its checksum and \
      content, and checks store.json against the logs. Exits 0 when the state is healthy and \
      74 when something is damaged, naming each damaged record by its byte offset. Once a \
      command has met a damaged record, every command refuses (exit 74) until the state is \
      repaired. With --repair, every intact record is kept in new logs, the damaged files are \
      kept beside them as NAME.damaged-N, and the next command rebuilds store.json.
      """)

  let repair: Bool

  init(_ invocation: Invocation) throws(IAPError) { repair = try DoctorOperation.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.examineState(repair: repair)
    let healthy = !result.isDamaged || !result.repairs.isEmpty
    if context.globals.json {
      let logs = result.logs.map { log -> JSONValue in
        .object([
          ("file", .string(log.name)), ("intact", .int(Int64(log.intact))),
          ("damaged", .array(log.damaged.map { .object([("offset", .int(Int64($0.offset))), ("reason", .string($0.reason))]) })),
          ("tornBytes", .int(Int64(log.tornBytes))),
        ])
      }
      context.console.json(.object([
        ("healthy", .bool(!result.isDamaged)), ("logs", .array(logs)),
        ("problems", .array(result.problems.map(JSONValue.string))), ("repairs", .array(result.repairs.map(JSONValue.string))),
      ]))
    } else {
      for log in result.logs {
        context.console.line("\(log.name): \(log.intact) intact records, \(log.damaged.count) damaged")
        for damage in log.damaged { context.console.line("  byte \(damage.offset): \(damage.reason)") }
        if log.tornBytes > 0 {
          context.console.line("  \(log.tornBytes) bytes of a write cut short at the end (dropped at the next write)")
        }
      }
      for problem in result.problems { context.console.line(problem) }
      for repair in result.repairs { context.console.line("repaired: \(repair)") }
      if !result.isDamaged { context.console.line("the state is healthy") }
    }
    if !healthy { context.console.error("the state is damaged: iap doctor --repair keeps every intact record") }
    return healthy ? .success : .ioError
  }
}
