import IAPCore
import IAPFormats
import IAPKit

/// Making the store send a notification of a given type on demand, by the flow that produces
/// it (`notifications trigger`), or listing the notifications it can make.
package enum NotificationTriggerOperation: StoreOperation {
  /// What `iap notifications trigger` and `POST /notifications/trigger` are given.
  package enum Request: Sendable {
    /// `--list`: the table of what can be triggered.
    case list
    case trigger(TriggerRequest)
  }

  package static let type = Parameter<NotificationType>.parsed(
    ParameterInfo("type", json: "notificationType", value: "type", help: "The notificationType to produce, as Apple spells it."),
    expected: "a notificationType", candidates: NotificationType.allCases.map(\.rawValue)
  ) { NotificationType(rawValue: $0.uppercased()) }
  package static let subtype = Parameter<NotificationSubtype>.parsed(
    ParameterInfo("subtype", json: "subtype", value: "subtype", help: "Its subtype, for a type that has one."),
    expected: "a notification subtype", candidates: NotificationSubtype.allCases.map(\.rawValue)
  ) { NotificationSubtype(rawValue: $0.uppercased()) }
  package static let product = Parameter<String>.string(
    ParameterInfo("product", json: "productId", value: "id", help: "The product the flow uses (default: the catalog's first of the type it needs)."))
  package static let customer = Parameter<String>.read(
    ParameterInfo("customer", json: "customer", value: "name", help: "Play the flow as this account rather than the current one.")
  ) { (text, input) throws(IAPError) -> String in
    guard Workspace.isUsableName(text) else {
      throw input.usage("invalid customer '\(text)': expected an account name of 1 to 128 printable characters")
    }
    return text
  }
  package static let list = Parameter<Bool>.flag(
    ParameterInfo("list", json: "list", help: "List the notifications that can be triggered and the flow behind each."))

  package static let spec = OperationSpec(
    "notifications trigger", summary: "Make the store send a notification of a given type, by the flow that produces it.",
    parameters: [type.info, subtype.info, product.info, customer.info, list.info])

  package static func request(_ input: some OperationInput) throws(IAPError) -> Request {
    let kind = try input.value(type)
    if try input.value(list, default: false) {
      guard kind == nil else { throw input.usage("\(input.name(list.info)) takes no \(input.name(type.info))") }
      return .list
    }
    guard let kind else { throw input.usage("\(input.name(type.info)) is required (or \(input.name(list.info)))") }
    return .trigger(
      TriggerRequest(type: kind, subtype: try input.value(subtype), productId: try input.value(product), customer: try input.value(customer)))
  }

  /// What `--json` prints and the control plane answers: the list, or the triggered
  /// notification (the use case runs for `.trigger`).
  package static func perform(_ request: Request, in workspace: Workspace) throws(IAPError) -> JSONValue {
    switch request {
    case .list: return NotificationTriggerJSON.list()
    case let .trigger(trigger): return NotificationTriggerJSON.document(try workspace.triggerNotification(trigger))
    }
  }
}
