import IAPCore
import IAPKit

/// `iap download pause ID`: `SKPaymentQueue.pauseDownloads`.
struct DownloadPauseCommand: Command {
  static let spec = CommandSpec(
    ["download", "pause"], abstract: "Pause an active download.",
    discussion: """
      The process copying it stops after its current chunk and waits, holding what it copied, \
      until 'iap download resume' or 'cancel'. An interrupted download is marked paused.
      """ + DownloadArgument.addressing,
    arguments: [ArgumentSpec("id", help: DownloadArgument.help)])

  let address: DownloadAddress

  init(_ invocation: Invocation) throws(IAPError) { address = DownloadAddress(invocation.positionals[0]) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    DownloadStatusCommand.print([try context.workspace.pauseDownload(address)], context)
    return .success
  }
}
