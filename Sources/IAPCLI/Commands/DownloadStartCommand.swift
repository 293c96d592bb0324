import IAPCore
import IAPKit

/// `iap download start ID`: `SKPaymentQueue.startDownloads` for a purchase's hosted content.
struct DownloadStartCommand: Command {
  static let spec = CommandSpec(
    ["download", "start"], abstract: "Download a purchased product's hosted content into the state.",
    discussion: """
      Copies the catalog's 'content' of a non-consumable the account owns into \
      STATE/downloads/PRODUCT/ at a simulated bandwidth, showing a progress bar on a \
      terminal. A download that stopped (Ctrl-C, kill, a failure, a pause) continues where it \
      stopped; a finished one is not copied again. With --json, stdout is a JSON-lines \
      stream: one compact object per event (started, progress, paused, resumed, then \
      finished, failed, cancelled, interrupted or error).
      """ + DownloadArgument.addressing,
    arguments: [ArgumentSpec("id", help: DownloadArgument.help)],
    options: DownloadOptions.specs + [
      OptionSpec("fail-download", help: "Make this download fail halfway with a network error.")
    ])

  let address: DownloadAddress
  let options: DownloadOptions
  let failDownload: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    address = DownloadAddress(invocation.positionals[0])
    options = try DownloadOptions(invocation)
    failDownload = invocation.flag("fail-download")
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    var request = options.request(address, mode: .start)
    if failDownload { request.simulatedFailure = "the network connection was lost (simulated by --fail-download)" }
    return try DownloadRunner(request: request, quiet: options.quiet).run(context)
  }
}
