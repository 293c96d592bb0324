import IAPCore
import IAPKit
import IAPOperations

/// `iap download status [ID]`: where downloads stand (`SKDownload.state`, `progress`).
struct DownloadStatusCommand: Command {
  static let spec = CommandSpec(
    ["download", "status"], operation: DownloadOperations.status,
    discussion: """
      State (waiting, active, interrupted, paused, finished, failed, cancelled), percentage, \
      bytes, the transaction, and where finished content is. 'interrupted' is an active \
      download that no process is copying: 'iap download resume' continues it. Without an id, \
      every download of the state, and the account's purchases whose content was never \
      started.
      """ + DownloadArgument.addressing,
    arguments: [ArgumentSpec("id", DownloadOperations.someId)])

  let address: DownloadAddress?

  init(_ invocation: Invocation) throws(IAPError) { address = try invocation.value(DownloadOperations.someId) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    Self.print(try context.workspace.downloadStatus(address), context)
    return .success
  }

  /// Prints downloads as text lines or `{"downloads": [...]}`.
  static func print(_ shown: [DownloadView.Shown], _ context: CommandContext) {
    if context.globals.json {
      context.console.json(DownloadView.document(shown))
    } else {
      DownloadView.lines(shown).forEach { context.console.line($0) }
    }
  }
}
