import IAPCore
import IAPKit

/// What a command line asks for.
package enum ParsedCommandLine {
  /// Show help for the command or group at this path.
  case help([String])
  case version
  case run(any Command.Type, Invocation, GlobalOptions)
}

/// Turns `CommandLine.arguments` into a command, its arguments and the global options.
///
/// One left-to-right pass: words descend the command tree until they reach a command, then
/// become its positionals; options are looked up among the global ones and the current
/// command's, so `iap --json buy x` and `iap buy x --json` mean the same. `--name value` and
/// `--name=value` are equivalent, and `--` ends option parsing.
package enum ArgumentParser {
  package static func parse(_ arguments: [String]) throws(CLIError) -> ParsedCommandLine {
    var path: [String] = []
    var globals = GlobalOptions()
    // The command's invocation once words reached one (`hasCommand`); until then a placeholder
    // without options. Not an `Invocation?`: destroying an optional of it made the runtime
    // build that type's metadata (docs/performance.md, "Shapes kept for start-up").
    var invocation = Invocation(spec: CommandSpec([], abstract: ""))
    var hasCommand = false
    var help = false
    var version = false
    var terminated = false
    var index = 0


    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if terminated || argument == "-" || !argument.hasPrefix("-") {
        // Words descend the tree until the first positional of a command: `iap settings set`
        // runs `settings set`, though `settings` alone is a command too.
        if invocation.positionals.isEmpty, RegistryLookup.exists(path + [argument]) {
          path.append(argument)
          if let command = CommandRegistry.command(at: path) {
            var child = Invocation(spec: command.spec)
            child.values = invocation.values
            child.flags = invocation.flags
            invocation = child
            hasCommand = true
          }
          continue
        }
        if !hasCommand {
          let words = CommandRegistry.children(of: path).map(\.name)
          let place = path.isEmpty ? "" : " for 'iap \(path.joined(separator: " "))'"
          throw .usage("unknown command '\(argument)'\(place)\(Suggestion.hint(for: argument, in: words))", command: path)
        }
        invocation.positionals.append(argument)
        continue
      }
      if argument == "--" { terminated = true; continue }

      // An option: --name, --name=value, or -x.
      let name: String
      var inline: String?
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
          name = String(body[..<equals])
          inline = String(body[body.index(after: equals)...])
        } else {
          name = String(body)
        }
      } else {
        let letter = argument.dropFirst()
        guard letter.count == 1, let spec = option(in: invocation.spec.options, where: { $0.short == letter.first }) else {
          throw unknownOption(argument, options(invocation.spec.options), path)
        }
        name = spec.name
      }
      if name == "version" && inline == nil { version = true; continue }
      guard let spec = option(in: invocation.spec.options, where: { $0.name == name }) else {
        throw unknownOption(argument, options(invocation.spec.options), path)
      }
      var value: String?
      if spec.valueName != nil {
        if let inline {
          value = inline
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw .usage("missing value for '\(spec.label)'", command: path)
        }
      } else if inline != nil {
        throw .usage("'--\(name)' does not take a value", command: path)
      }
      if name == "help" { help = true; continue }
      if globals.set(name, value) { continue }
      if let value {
        invocation.values[name] = value
        if spec.repeating { invocation.repeated[name, default: []].append(value) }
      } else {
        invocation.flags.insert(name)
      }
    }

    if help { return .help(path) }
    if version { return .version }
    try globals.validate(command: path)
    guard hasCommand, let command = CommandRegistry.command(at: path) else { return .help(path) }
    try checkArity(invocation)
    return .run(command, invocation, globals)
  }

  /// The options in force: the global ones and the command's. (A function rather than a
  /// closure over the invocation: a captured `var` is boxed, and a box makes the runtime
  /// build its content's type.)
  private static func options(_ commandOptions: [OptionSpec]) -> [OptionSpec] {
    GlobalOptions.specs + commandOptions
  }

  /// The first option in force that matches, global options first, searched where they lie:
  /// joining the two lists for each option on the command line copied and released every
  /// spec's strings, once per option.
  private static func option(in commandOptions: [OptionSpec], where matches: (OptionSpec) -> Bool) -> OptionSpec? {
    for spec in GlobalOptions.specs where matches(spec) { return spec }
    for spec in commandOptions where matches(spec) { return spec }
    return nil
  }

  private static func unknownOption(_ argument: String, _ options: [OptionSpec], _ path: [String]) -> CLIError {
    let shown = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
    let names = options.map { "--\($0.name)" } + ["--version"]
    return .usage("unknown option '\(shown)'\(Suggestion.hint(for: shown, in: names))", command: path)
  }

  private static func checkArity(_ invocation: Invocation) throws(CLIError) {
    let specs = invocation.spec.arguments
    let given = invocation.positionals
    let required = specs.filter { !$0.optional }.count
    if given.count < required {
      let missing = specs.filter { !$0.optional }[given.count]
      throw CLIError.usage("missing expected argument '<\(missing.name)>'", command: invocation.spec.path)
    }
    if !(specs.last?.repeating ?? false), given.count > specs.count {
      throw CLIError.usage("unexpected argument '\(given[specs.count])'", command: invocation.spec.path)
    }
  }
}

/// Whether a path of words leads somewhere in the command tree.
enum RegistryLookup {
  static func exists(_ path: [String]) -> Bool {
    CommandRegistry.isGroup(path) || CommandRegistry.command(at: path) != nil
  }
}
