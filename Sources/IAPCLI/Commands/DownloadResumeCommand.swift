import IAPCore
import IAPKit
import IAPOperations

/// `iap download resume ID`: `SKPaymentQueue.resumeDownloads`.
struct DownloadResumeCommand: Command {
  static let spec = CommandSpec(
    ["download", "resume"], operation: DownloadOperations.resume,
    discussion: """
      If another process holds the paused download, it goes on there and this command \
      returns at once. Otherwise the download continues here, where it stopped, as 'download \
      start' would (with --json, a JSON-lines stream).
      """ + DownloadArgument.addressing,
    arguments: [ArgumentSpec("id", DownloadOperations.id)], shorts: ["quiet": "q"])

  let request: DownloadRequest
  let quiet: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    request = try DownloadOperations.request(invocation, mode: .resume)
    quiet = try invocation.value(DownloadOperations.quiet, default: false)
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try DownloadRunner(request: request, quiet: quiet).run(context)
  }
}
