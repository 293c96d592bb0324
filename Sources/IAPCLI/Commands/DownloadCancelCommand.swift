import IAPCore
import IAPKit
import IAPOperations

/// `iap download cancel ID`: `SKPaymentQueue.cancelDownloads`.
struct DownloadCancelCommand: Command {
  static let spec = CommandSpec(
    ["download", "cancel"], operation: DownloadOperations.cancel,
    discussion: """
      Works on a download that is waiting (never started), active, paused or failed; a \
      process copying it stops, and this command waits for it. Afterwards the transaction \
      can be finished without its content; 'iap download start' starts over.
      """ + DownloadArgument.addressing,
    arguments: [ArgumentSpec("id", DownloadOperations.id)])

  let address: DownloadAddress

  init(_ invocation: Invocation) throws(IAPError) { address = try invocation.required(DownloadOperations.id) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    DownloadStatusCommand.print([try context.workspace.cancelDownload(address)], context)
    return .success
  }
}
