import IAPCore
import IAPKit

/// `iap completions SHELL`: a completion script for the shell.
struct CompletionsCommand: Command {
  static let spec = CommandSpec(
    ["completions"], abstract: "Print a shell completion script (bash, zsh or fish).",
    discussion: """
      Completes commands, options, option values, setting names and the product ids of the \
      current catalog. bash: source <(iap completions bash); zsh: source <(iap completions \
      zsh); fish: iap completions fish | source.
      """,
    arguments: [
      ArgumentSpec("shell", help: "bash, zsh or fish.", optional: true, completion: .words(CompletionScripts.shells)),
      ArgumentSpec("word", help: "With --complete: the words typed so far, after '--'.", repeating: true, optional: true),
    ],
    options: [OptionSpec("complete", help: "Print the candidates for the last word (what the scripts call).")])

  let shell: String?
  let words: [String]?

  init(_ invocation: Invocation) throws(IAPError) {
    if invocation.flag("complete") {
      words = invocation.positionals
      shell = nil
      return
    }
    words = nil
    guard invocation.positionals.count == 1, let shell = invocation.positionals.first else {
      throw invocation.usageError("give one shell: bash, zsh or fish")
    }
    guard CompletionScripts.shells.contains(shell) else {
      throw invocation.usageError("unknown shell '\(shell)': expected bash, zsh or fish\(Suggestion.hint(for: shell, in: CompletionScripts.shells))")
    }
    self.shell = shell
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    if let shell {
      context.console.line(CompletionScripts.script(for: shell)!, terminator: "")
      return .success
    }
    let typed = words ?? []
    let candidates = Completer.candidates(for: typed.isEmpty ? [""] : typed) {
      // The catalog named on the line being completed, else the usual one; quietly nothing
      // when it cannot be read.
      var catalogPath: String?
      if let index = typed.firstIndex(of: "--catalog"), index + 1 < typed.count - 1 { catalogPath = typed[index + 1] }
      return context.workspace.productIdentifiers(catalog: catalogPath)
    }
    candidates.forEach { context.console.line($0) }
    return .success
  }
}
