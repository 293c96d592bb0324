import IAPCore
import IAPKit

/// `iap download resume ID`: `SKPaymentQueue.resumeDownloads`.
struct DownloadResumeCommand: Command {
  static let spec = CommandSpec(
    ["download", "resume"], abstract: "Resume a paused, failed or interrupted download.",
    discussion: """
      If another process holds the paused download, it goes on there and this command \
      returns at once. Otherwise the download continues here, where it stopped, as 'download \
      start' would (with --json, a JSON-lines stream).
      """ + DownloadArgument.addressing,
    arguments: [ArgumentSpec("id", help: DownloadArgument.help)],
    options: DownloadOptions.specs)

  let address: DownloadAddress
  let options: DownloadOptions

  init(_ invocation: Invocation) throws(IAPError) {
    address = DownloadAddress(invocation.positionals[0])
    options = try DownloadOptions(invocation)
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try DownloadRunner(request: options.request(address, mode: .resume), quiet: options.quiet).run(context)
  }
}
