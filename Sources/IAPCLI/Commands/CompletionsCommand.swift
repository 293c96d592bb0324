import IAPCore
import IAPKit
import IAPOperations

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
      ArgumentSpec("shell", CompletionsParameters.shell, completion: .words(CompletionScripts.shells)),
      ArgumentSpec("word", CompletionsParameters.words),
    ],
    parameters: CompletionsParameters.all)

  let shell: String?
  let words: [String]?

  init(_ invocation: Invocation) throws(IAPError) {
    let first = try invocation.value(CompletionsParameters.shell)
    let rest = try invocation.value(CompletionsParameters.words, default: [])
    if try invocation.value(CompletionsParameters.complete, default: false) {
      words = (first.map { [$0] } ?? []) + rest
      shell = nil
      return
    }
    words = nil
    let shells = CompletionScripts.shells
    let choices = shells.dropLast().joined(separator: ", ") + " or " + (shells.last ?? "")
    guard let shell = first, rest.isEmpty else { throw invocation.usage("give one shell: \(choices)") }
    guard shells.contains(shell) else {
      throw invocation.usage("unknown shell '\(shell)': expected \(choices)\(Suggestion.hint(for: shell, in: shells))")
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
