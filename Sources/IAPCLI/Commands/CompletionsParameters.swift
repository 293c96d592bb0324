import IAPCore
import IAPOperations

/// What `iap completions` takes: the CLI's own parameters (completion is the shell's concern
/// alone), declared as an operation's are.
enum CompletionsParameters {
  /// The shell whose script is printed; with `--complete`, the first word typed.
  static let shell = Parameter<String>.string(
    ParameterInfo("shell", json: "shell", allowed: CompletionScripts.shells, reach: .commandLineOnly, help: "The shell"))
  /// The words typed after the first, with `--complete`.
  static let words = Parameter<[String]>.strings(
    ParameterInfo("word", json: "words", reach: .commandLineOnly, help: "With --complete: the words typed so far, after '--'."))
  /// Whether the candidates are printed instead of a script.
  static let complete = Parameter<Bool>.flag(
    ParameterInfo("complete", json: "complete", reach: .commandLineOnly, help: "Print the candidates for the last word (what the scripts call)."))

  /// In the order help lists them.
  static let all = [shell.info, words.info, complete.info]
}
