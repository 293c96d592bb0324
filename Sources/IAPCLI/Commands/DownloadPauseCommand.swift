import IAPCore
import IAPKit

/// `iap download pause ID`: `SKPaymentQueue.pauseDownloads`.
struct DownloadPauseCommand: Command {
  static let spec = CommandSpec(
    ["download", "pause"], abstract: "Pause an active download.",
    discussion: """
      The process copying it stops after its current chunk and waits, holding what it copied, \
      until 'iap download resume' or 'cancel'. An interrupted download is marked paused.
      """,
    arguments: [ArgumentSpec("id", help: "The product identifier.")])

  let productId: String

  init(_ invocation: Invocation) throws(IAPError) { productId = invocation.positionals[0] }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let folder = DownloadsFolder(state: context.workspace.stateDirectory)
    let rule = "only an active download can be paused"
    guard try folder.status(productId) != nil else { throw .refused(.downloadState(productId, .waiting, rule)) }
    let shown = try folder.withStoreLock(exclusive: true) { () throws(IAPError) -> DownloadView.Shown in
      guard var status = try folder.status(productId) else { throw .refused(.downloadState(productId, .waiting, rule)) }
      guard status.state == .active else { throw .refused(.downloadState(productId, status.state, rule)) }
      status.state = .paused
      try folder.save(status)
      return DownloadArgument.shown(status, folder)
    }
    DownloadStatusCommand.print([shown], context)
    return .success
  }
}
