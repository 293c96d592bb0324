import IAPCore
import IAPKit

/// `iap download cancel ID`: `SKPaymentQueue.cancelDownloads`.
struct DownloadCancelCommand: Command {
  static let spec = CommandSpec(
    ["download", "cancel"], abstract: "Cancel a download and remove what it copied.",
    discussion: """
      Works on a download that is waiting (never started), active, paused or failed; a \
      process copying it stops, and this command waits for it. Afterwards the transaction \
      can be finished without its content; 'iap download start' starts over.
      """ + DownloadArgument.addressing,
    arguments: [ArgumentSpec("id", help: DownloadArgument.help)])

  let address: DownloadAddress

  init(_ invocation: Invocation) throws(IAPError) { address = DownloadAddress(invocation.positionals[0]) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    DownloadStatusCommand.print([try context.workspace.cancelDownload(address)], context)
    return .success
  }
}
