import IAPCore
import IAPKit
import IAPOperations

/// `iap download pause ID`: `SKPaymentQueue.pauseDownloads`.
struct DownloadPauseCommand: Command {
  static let spec = CommandSpec(
    ["download", "pause"], operation: DownloadOperations.pause,
    discussion: """
      The process copying it stops after its current chunk and waits, holding what it copied, \
      until 'iap download resume' or 'cancel'. An interrupted download is marked paused.
      """ + DownloadArgument.addressing,
    arguments: [ArgumentSpec("id", DownloadOperations.id)])

  let address: DownloadAddress

  init(_ invocation: Invocation) throws(IAPError) { address = try invocation.required(DownloadOperations.id) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    DownloadStatusCommand.print([try context.workspace.pauseDownload(address)], context)
    return .success
  }
}
