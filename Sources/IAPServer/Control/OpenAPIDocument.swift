import IAPFormats

/// The control plane described as OpenAPI 3.1, made from the route table, so that it lists
/// exactly what `ControlPlane` serves (`GET /iap/v1/openapi.json`).
enum OpenAPIDocument {
  static func make(_ routes: [ControlRoute]) -> JSONValue {
    var paths: [(String, [(String, JSONValue)])] = []
    for route in routes {
      let path = ControlPlane.prefix + route.path
      let operation = operation(route)
      if let index = paths.firstIndex(where: { $0.0 == path }) {
        paths[index].1.append((route.method.lowercased(), operation))
      } else {
        paths.append((path, [(route.method.lowercased(), operation)]))
      }
    }
    return .object([
      ("openapi", .string("3.1.0")),
      ("info", .object([
        ("title", .string("iap control plane")),
        ("version", .string("1")),
        ("description", .string("The simulator's own controls: the same use cases as the iap command, JSON in and out. Every route also answers under /ns/{name}, a namespace of its own. No authentication unless iap serve --control-token sets a bearer token; a change is taken only as JSON or with X-IAP-Request, never from another site's page (docs/control-api.md, Threat model).")),
      ])),
      // The token is optional: a server started without --control-token asks for none.
      ("security", .array([.object([]), .object([("controlToken", .array([]))])])),
      ("paths", .object(paths.map { ($0.0, .object($0.1)) })),
      ("components", .object([
        ("securitySchemes", .object([("controlToken", .object([("type", .string("http")), ("scheme", .string("bearer"))]))])),
        ("schemas", .object([
          ("Error", .object([
            ("type", .string("object")), ("required", .array([.string("error")])),
            ("properties", .object([("error", .object([
              ("type", .string("object")),
              // A refusal before any route (ServerAccessError) has no exit status.
              ("required", .array(["domain", "name", "message"].map(JSONValue.string))),
              ("properties", .object([
                ("domain", .object([("type", .string("string"))])), ("code", .object([("type", .string("integer"))])),
                ("name", .object([("type", .string("string"))])), ("message", .object([("type", .string("string"))])),
                ("exitCode", .object([("type", .string("integer"))])),
              ])),
            ]))])),
          ])),
        ])),
      ])),
    ])
  }

  /// The header a change sends, so that a client made from the document sends it whether or
  /// not it sends a body: the control plane refuses a change that a form could have sent.
  static let requestHeader = JSONValue.object([
    ("name", .string(ServerAccessError.requestHeader)), ("in", .string("header")), ("required", .bool(true)),
    ("description", .string("Any value (1). A change needs it, or Content-Type: application/json: what no form on another site can send.")),
    ("schema", .object([("type", .string("string")), ("default", .string("1"))])),
  ])

  static func operation(_ route: ControlRoute) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("operationId", .string(operationId(route))),
      ("summary", .string(route.summary)),
    ]
    var parameters: [JSONValue] = route.segments.filter { $0.hasPrefix("{") }.map { segment in
      .object([
        ("name", .string(String(segment.dropFirst().dropLast()))), ("in", .string("path")), ("required", .bool(true)),
        ("schema", .object([("type", .string("string"))])),
      ])
    }
    parameters += route.query.map { p in
      .object([
        ("name", .string(p.name)), ("in", .string("query")), ("required", .bool(p.required)),
        ("description", .string(p.help)), ("schema", schema(p)),
      ])
    }
    if route.method != "GET" { parameters.append(requestHeader) }
    if !parameters.isEmpty { members.append(("parameters", .array(parameters))) }
    if !route.body.isEmpty {
      let required = route.body.filter(\.required).map { JSONValue.string($0.name) }
      var object: [(String, JSONValue)] = [
        ("type", .string("object")),
        ("properties", .object(route.body.map { p in (p.name, merge(schema(p), [("description", .string(p.help))])) })),
        ("additionalProperties", .bool(false)),
      ]
      if !required.isEmpty { object.append(("required", .array(required))) }
      members.append(("requestBody", .object([
        ("required", .bool(!required.isEmpty)),
        ("content", .object([("application/json", .object([("schema", .object(object))]))])),
      ])))
    }
    let success: JSONValue
    switch route.answer {
    case .eventStream:
      success = .object([
        ("description", .string("Server-Sent Events")),
        ("content", .object([("text/event-stream", .object([("schema", .object([("type", .string("string"))]))]))])),
      ])
    case .transactions, .products, .object:
      success = .object([
        ("description", .string(description(route.answer))),
        ("content", .object([("application/json", .object([("schema", .object([("type", .string("object"))]))]))])),
      ])
    }
    let status = route.method == "POST" && route.path == "/keys" ? "201" : "200"
    let error = JSONValue.object([
      ("description", .string("The failure, with the same names as the CLI's --json errors")),
      ("content", .object([("application/json", .object([("schema", .object([("$ref", .string("#/components/schemas/Error"))]))]))])),
    ])
    members.append(("responses", .object([(status, success), ("4XX", error), ("5XX", error)])))
    return .object(members)
  }

  static func description(_ shape: ControlAnswerShape) -> String {
    switch shape {
    case .transactions: "{\"transactions\": [...]}: each transaction as iap --json shows it, with its jwsRepresentation"
    case .products: "{\"products\": [...]}, and invalidProductIdentifiers when ids were asked for"
    case .object, .eventStream: "A JSON object (docs/control-api.md)"
    }
  }

  static func schema(_ kind: ControlParameter.Kind) -> JSONValue {
    switch kind {
    case .string: .object([("type", .string("string"))])
    case .integer: .object([("type", .string("integer"))])
    case .boolean: .object([("type", .string("boolean"))])
    case .strings: .object([("type", .string("array")), ("items", .object([("type", .string("string"))]))])
    }
  }

  /// The parameter's schema: its type, and its allowed values and default when it has them.
  static func schema(_ parameter: ControlParameter) -> JSONValue {
    var more: [(String, JSONValue)] = []
    if !parameter.allowed.isEmpty { more.append(("enum", .array(parameter.allowed.map(JSONValue.string)))) }
    if let text = parameter.defaultText {
      let value: JSONValue =
        switch parameter.kind {
        case .integer: Int64(text).map(JSONValue.int) ?? .string(text)
        case .boolean: .bool(text == "true")
        case .string, .strings: .string(text)
        }
      more.append(("default", value))
    }
    return merge(schema(parameter.kind), more)
  }

  static func merge(_ value: JSONValue, _ more: [(String, JSONValue)]) -> JSONValue {
    .object((value.objectValue ?? []) + more)
  }

  /// `postTransactionsIdRefundRequestDecline`: the method and the path's words, camel-cased.
  static func operationId(_ route: ControlRoute) -> String {
    var id = route.method.lowercased()
    for segment in route.segments {
      for word in segment.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
        id += word.prefix(1).uppercased() + word.dropFirst()
      }
    }
    return route.path.isEmpty ? id + "Store" : id
  }
}
