import IAPCore
import IAPKit
import IAPOperations

/// `iap messages`: what StoreKit's Message API would show at the app's launch.
struct MessagesCommand: Command {
  static let spec = CommandSpec(
    ["messages"], operation: StoreViewOperations.messages,
    discussion: """
      One line per message (Message.Reason): billingIssue when a renewal payment is failing \
      (billing retry or grace period), priceIncreaseConsent when a price increase waits for \
      the customer's consent, winBackOffer when a lapsed customer may redeem a win-back offer \
      (the best one), generic for a message the App Store sent of its own (iap messages \
      send). Messages the customer dismissed (iap messages dismiss) are not \
      listed again while their cause lasts. Then one retention line per subscription a \
      customer began to cancel (iap subscription cancel): the message the Get Retention \
      Message endpoint chose, else the product's default message (the Retention Messaging API); \
      iap messages accept takes the alternate product or promotional offer it carries.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let messages = try context.workspace.messages()
    let retention = try context.workspace.retentionOffers()
    if context.globals.json {
      context.console.json(MessagesJSON.document(messages, retention: retention))
    } else if messages.isEmpty && retention.isEmpty {
      context.console.line("no messages")
    } else {
      messages.forEach { context.console.line(MessagesJSON.line($0)) }
      retention.forEach { context.console.line(MessagesJSON.line($0)) }
    }
    return .success
  }
}

/// `iap messages dismiss`: the customer saw the messages and closed them.
struct MessagesDismissCommand: Command {
  static let spec = CommandSpec(
    ["messages", "dismiss"], operation: StoreViewOperations.dismissMessages,
    discussion: """
      The messages listed now are not shown again while their cause lasts: a later billing \
      failure or another price increase is a new message. Prints those dismissed.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let dismissed = try context.workspace.dismissMessages()
    if context.globals.json {
      context.console.json(MessagesJSON.document(dismissed))
    } else {
      context.console.line(dismissed.isEmpty ? "no messages to dismiss" : "dismissed \(dismissed.count) message\(dismissed.count == 1 ? "" : "s")")
    }
    return .success
  }
}

/// `iap messages send`: the App Store has a message of its own for the customer.
struct MessagesSendCommand: Command {
  static let spec = CommandSpec(
    ["messages", "send"], operation: StoreViewOperations.sendMessage,
    discussion: """
      Queues a message of Message.Reason.generic, about no subscription, which StoreKit's \
      Message.messages delivers at the app's launch until the customer dismisses it (iap \
      messages dismiss). Prints its id.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let message = try context.workspace.sendMessage()
    if context.globals.json {
      context.console.json(MessagesJSON.document([message]))
    } else {
      context.console.line("sent message \(message.id)")
    }
    return .success
  }
}
