import IAPCore
import IAPKit

/// `iap clock`: the store's time.
struct ClockCommand: Command {
  static let spec = CommandSpec(
    ["clock"], abstract: "Show the store's clock.",
    discussion: """
      The store's time is simulated once 'iap clock set' or 'iap clock advance' is used, and \
      follows the machine's clock again after 'iap clock real'. Every date the store writes \
      comes from it.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let opened = try context.workspace.openStore(forWriting: false)
    Self.print(opened.clock, now: opened.now, context)
    return .success
  }

  static func print(_ clock: StoreClock, now: Timestamp, _ context: CommandContext, made: [Transaction] = [], signer: Signer? = nil) {
    let mode = clock.isReal ? "real" : "simulated"
    if context.globals.json {
      context.console.json(.object([
        ("now", .string(now.iso8601)), ("mode", .string(mode)),
        ("transactions", .array(made.map { TransactionView.json($0, signer: signer) })),
      ]))
    } else {
      TransactionView.lines(made).forEach { context.console.line($0) }
      context.console.line("\(now.iso8601) (\(mode))")
    }
  }

  /// Moves the clock to what `destination` makes of the current time, and lets the store's
  /// time run to it; refuses to go back before transactions already made. Both happen under
  /// the exclusive lock, so parallel advances add up.
  static func move(_ context: CommandContext, to destination: (Timestamp) -> StoreClock) throws(IAPError) -> ExitCode {
    let opened = try context.workspace.openStore(forWriting: true)
    let clock = destination(opened.now)
    let target = clock.now(real: context.workspace.environment.now())
    if target < opened.now && opened.store.state.nextId > 1 {
      throw .usage(
        "the clock cannot go back from \(opened.now.iso8601) to \(target.iso8601) once transactions exist (iap reset starts over)",
        command: ["clock"])
    }
    try opened.session.saveClock(clock)
    var store = opened.store
    store.rules = opened.settings.subscriptionRules(clock: clock)
    store.advance(to: target)
    try opened.session.commit(store.changes, state: store.state)
    let made = store.changes.compactMap { record -> Transaction? in
      if case let .transaction(t) = record, t.isRenewal { return t }
      return nil
    }
    let signer = context.globals.json ? try context.workspace.signer(opened.session, settings: opened.settings, now: target) : nil
    print(clock, now: target, context, made: made, signer: signer)
    return .success
  }
}
