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
      """,
    arguments: [ArgumentSpec("id", help: "The product identifier.")],
    options: DownloadOptions.specs)

  let productId: String
  let options: DownloadOptions

  init(_ invocation: Invocation) throws(IAPError) {
    productId = invocation.positionals[0]
    options = try DownloadOptions(invocation)
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try DownloadRunner(productId: productId, mode: .resume, rate: options.rate, failOption: false, quiet: options.quiet)
      .run(context)
  }
}
