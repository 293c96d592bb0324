import Foundation

/// A shell example of the README or docs/: a fenced block whose lines are `$ ` prompts, each
/// followed by what the command prints (a transcript), or a `sh` block, a script whose lines
/// are commands and which shows no output.
struct DocumentationExample: CustomStringConvertible {
  /// One command of an example: the words the shell would pass, and the lines shown under it.
  struct Command {
    /// The words the shell would pass to the program (quotes removed; no expansion).
    let words: [String]
    /// The command's words, for messages and the skips' prefixes.
    var text: String { words.joined(separator: " ") }
    /// The lines shown under it, nil in a script, which shows no output.
    var shown: [String]?
  }

  /// The document's path in the package, as `README.md` or `docs/catalog.md`.
  let document: String
  /// The line of its opening fence, for messages.
  let line: Int
  /// The block's text, fences excluded: the files it names are read from it.
  var text = ""
  var commands: [Command] = []

  var description: String { "\(document):\(line)" }

  /// Every example of a Markdown document, in order: transcripts (a `console`, `sh` or untagged
  /// block with a line starting `$ `) and `sh` scripts. Other blocks (Swift, Python, listings)
  /// are not shell.
  static func examples(in markdown: String, document: String) -> [DocumentationExample] {
    var examples: [DocumentationExample] = []
    var block: (example: DocumentationExample, language: String, lines: [String])?
    for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
      guard line.trimmingCharacters(in: .whitespaces).hasPrefix("```") else {
        block?.lines.append(line)
        continue
      }
      if let (example, language, lines) = block {
        if let parsed = parse(example, language: language, lines: lines) { examples.append(parsed) }
        block = nil
      } else {
        let language = line.trimmingCharacters(in: .whitespaces).dropFirst(3).trimmingCharacters(in: .whitespaces)
        block = (DocumentationExample(document: document, line: index + 1), language, [])
      }
    }
    return examples
  }

  /// The block's commands, or nil when it is not a shell example.
  private static func parse(_ example: DocumentationExample, language: String, lines: [String]) -> DocumentationExample? {
    var example = example
    example.text = lines.joined(separator: "\n")
    guard ["", "console", "sh"].contains(language) else { return nil }
    let transcript = lines.contains { $0.hasPrefix("$ ") }
    guard transcript || language == "sh" else { return nil }
    var continued: String?
    for line in lines {
      if var text = continued {
        text += " " + line.trimmingCharacters(in: .whitespaces)
        continued = finish(text, into: &example, transcript: transcript)
      } else if transcript ? line.hasPrefix("$ ") : !line.trimmingCharacters(in: .whitespaces).isEmpty {
        continued = finish(String(transcript ? line.dropFirst(2) : line[...]), into: &example, transcript: transcript)
      } else if transcript, !example.commands.isEmpty {
        example.commands[example.commands.count - 1].shown?.append(line)
      }
    }
    return example
  }

  /// Adds the command `text` unless it ends with a backslash, which continues it on the next
  /// line: then returns what there is of it so far.
  private static func finish(_ text: String, into example: inout DocumentationExample, transcript: Bool) -> String? {
    if text.hasSuffix("\\") { return String(text.dropLast()).trimmingCharacters(in: .whitespaces) }
    let words = shellWords(text)
    if !words.isEmpty { example.commands.append(Command(words: words, shown: transcript ? [] : nil)) }
    return nil
  }

  /// The words the shell makes of `text`: split at blanks outside quotes, quotes removed,
  /// up to a word starting with `#` (a comment). Nothing is expanded: the examples need not.
  static func shellWords(_ text: String) -> [String] {
    var words: [String] = []
    var word: String?
    var quote: Character?
    for character in text {
      if let open = quote {
        if character == open { quote = nil } else { word!.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        word = word ?? ""
      } else if character == " " || character == "\t" {
        if let done = word { words.append(done) }
        word = nil
      } else if character == "#", word == nil {
        break
      } else {
        word = (word ?? "") + String(character)
      }
    }
    if let done = word { words.append(done) }
    return words
  }
}
