import IAPCore
import IAPKit
import IAPOperations

/// `iap download start ID`: `SKPaymentQueue.startDownloads` for a purchase's hosted content.
struct DownloadStartCommand: Command {
  static let spec = CommandSpec(
    ["download", "start"], operation: DownloadOperations.start,
    discussion: """
      Copies the catalog's 'content' of a non-consumable the account owns into \
      STATE/downloads/PRODUCT/ at a simulated bandwidth, showing a progress bar on a \
      terminal. A download that stopped (Ctrl-C, kill, a failure, a pause) continues where it \
      stopped; a finished one is not copied again. With --json, stdout is a JSON-lines \
      stream: one compact object per event (started, progress, paused, resumed, then \
      finished, failed, cancelled, interrupted or error).
      """ + DownloadArgument.addressing,
    arguments: [ArgumentSpec("id", DownloadOperations.id)], shorts: ["quiet": "q"])

  let request: DownloadRequest
  let quiet: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    request = try DownloadOperations.request(invocation, mode: .start)
    quiet = try invocation.value(DownloadOperations.quiet, default: false)
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try DownloadRunner(request: request, quiet: quiet).run(context)
  }
}
