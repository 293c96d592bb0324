import FoundationEssentials
/// docs/control-api.md's lines that the route table makes: under each route's heading, its
/// summary and the parameters it reads, each with its help, so that the reference says what
/// the OpenAPI document and the CLI's help say.
enum ControlReference {
  /// `### POST /iap/v1/purchases`
  static func heading(_ route: ControlRoute) -> String { "### \(route.method) \(ControlPlane.prefix)\(route.path)" }

  /// `Body: `productId` (required): The product identifier. `quantity`: …`, or nil for a route
  /// that reads no parameters.
  static func parameters(_ route: ControlRoute) -> String? {
    let (word, parameters) = route.query.isEmpty ? ("Body", route.body) : ("Query", route.query)
    guard !parameters.isEmpty else { return nil }
    let items = parameters.map { p in "`\(p.name)`" + (p.required ? " (required)" : "") + ": " + p.help }
    return "\(word): " + items.joined(separator: " ")
  }

  /// `document` with each route's summary opening the paragraph after its heading and its
  /// parameters the next, made from the table; a route's other paragraphs are left as they are.
  static func update(_ document: String, routes: [ControlRoute]) -> String {
    var paragraphs = document.components(separatedBy: "\n\n")
    for route in routes {
      guard let index = paragraphs.firstIndex(where: { $0.hasSuffix(heading(route)) }), index + 1 < paragraphs.count else { continue }
      // The summary opens the paragraph; what the document adds after it is its own.
      if !paragraphs[index + 1].hasPrefix(route.summary) { paragraphs[index + 1] = route.summary }
      let next = index + 2
      let current = next < paragraphs.count && (paragraphs[next].hasPrefix("Body: `") || paragraphs[next].hasPrefix("Query: `"))
      switch (parameters(route), current) {
      case let (text?, true): paragraphs[next] = text
      case let (text?, false): paragraphs.insert(text, at: next)
      case (nil, true): paragraphs.remove(at: next)
      case (nil, false): break
      }
    }
    return paragraphs.joined(separator: "\n\n")
  }
}
