import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `iap notifications trigger TYPE [SUBTYPE]`: the store sends a notification of that type,
/// by the flow that produces it.
struct NotificationsTriggerCommand: Command {
  static let spec = CommandSpec(
    ["notifications", "trigger"], operation: NotificationTriggerOperation.spec,
    discussion: """
      Runs, for the current account (or --customer NAME), the commands that make the store \
      send that notification, on the catalog's products (the first of the type the flow needs, \
      or --product ID), and prints the last notification of that type and subtype they sent. \
      Nothing is forged: the notification is the store's, signed and delivered as any other. \
      --list prints every type and subtype it can produce and the flow behind each; the types \
      iap does not simulate (external purchase tokens, Advanced Commerce) are refused with why.
      """,
    arguments: [ArgumentSpec("type", NotificationTriggerOperation.type), ArgumentSpec("subtype", NotificationTriggerOperation.subtype)])

  let request: NotificationTriggerOperation.Request

  init(_ invocation: Invocation) throws(IAPError) { request = try NotificationTriggerOperation.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    if context.globals.json {
      context.console.json(try NotificationTriggerOperation.perform(request, in: context.workspace))
      return .success
    }
    switch request {
    case .list:
      var table = TextTable()
      for flow in TriggerFlow.all { table.append([flow.type.rawValue, flow.subtype?.rawValue ?? "", flow.productType?.rawValue ?? "", flow.steps]) }
      table.lines.forEach { context.console.line($0) }
    case let .trigger(trigger):
      let result = try context.workspace.triggerNotification(trigger)
      let n = result.notification
      context.console.line("#\(result.sequence) \(result.flow.name)")
      context.console.line("notificationUUID: \(NotificationPayload.uuid(sequence: result.sequence, key: result.signer.key))")
      context.console.line("signedDate: \(n.date.iso8601)")
      if let productId = result.productId { context.console.line("productId: \(productId)") }
      if let transaction = n.transaction { context.console.line("transactionId: \(transaction.id)") }
      if let status = n.status { context.console.line("status: \(status)") }
      context.console.line("flow: \(result.flow.steps)")
    }
    return .success
  }
}
