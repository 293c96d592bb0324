import IAPFormats
import IAPKit
import Testing

@testable import IAPOperations

/// An operation's parameters read as each front end gives them: one rule, one wording, with
/// only the names of the parameters spelled the front end's way.
@Suite struct OperationInputTests {
  /// A front end's input: its values by the parameter's CLI name, spelled as the CLI
  /// (`--name`) or the control plane (`jsonName`) spells them.
  struct Input: OperationInput {
    var values: [String: ParameterValue]
    var commandLine = true

    func raw(_ parameter: ParameterInfo) -> ParameterValue? { values[parameter.name] }
    func label(_ parameter: ParameterInfo) -> String { commandLine ? "'--\(parameter.name)'" : "body member '\(parameter.jsonName)'" }
    func name(_ parameter: ParameterInfo) -> String { commandLine ? "--\(parameter.name)" : parameter.jsonName }
  }

  /// The message of the request `body` rejects, or nil when it accepts it.
  func refusal<T>(_ body: () throws -> T) -> String? {
    do {
      _ = try body()
      return nil
    } catch {
      guard case let .invalidRequest(message)? = error as? IAPError else { return "not a rejected request: \(error)" }
      return message
    }
  }

  @Test func aRuleIsWordedOnceAndNamesTheParametersAsEachFrontEndDoes() {
    let both: [String: ParameterValue] = ["product-id": .text("gems"), "username": .text("a"), "app-account-token": .text("3f2504e0-4f89-11d3-9a0c-0305e82c3301")]
    #expect(refusal { try BuyOperation.request(Input(values: both)) } == "give --username or --app-account-token, not both")
    #expect(
      refusal { try BuyOperation.request(Input(values: both, commandLine: false)) } == "give applicationUsername or appAccountToken, not both")
    #expect(refusal { try FinishOperation.request(Input(values: [:])) } == "give --id or --all")
    #expect(refusal { try FinishOperation.request(Input(values: ["id": .texts(["1"]), "all": .present])) } == "give --id or --all, not both")
  }

  @Test func aMissingRequiredParameterIsNamed() {
    #expect(refusal { try BuyOperation.request(Input(values: [:])) } == "missing '--product-id'")
    #expect(refusal { try BuyOperation.request(Input(values: [:], commandLine: false)) } == "missing body member 'productId'")
  }

  @Test func anAbsentParameterIsItsDeclaredDefault() throws {
    let request = try BuyOperation.request(Input(values: ["product-id": .text("gems")]))
    #expect(request.quantity == 1)
    #expect(BuyOperation.quantity.info.defaultText == "1")
  }

  @Test func integersAreDigitsOrJSONIntegersWithinInt() throws {
    let quantity = BuyOperation.quantity
    #expect(try Input(values: ["quantity": .text("+3")]).value(quantity) == 3)
    #expect(try Input(values: ["quantity": .json(.int(4))], commandLine: false).value(quantity) == 4)
    #expect(refusal { try Input(values: ["quantity": .text("3x")]).value(quantity) } == "invalid value for '--quantity': expected an integer, got '3x'")
    #expect(
      refusal { try Input(values: ["quantity": .text("99999999999999999999")]).value(quantity) }
        == "invalid value for '--quantity': 99999999999999999999 is outside the integer range \(Int.min)...\(Int.max)")
    #expect(
      refusal { try Input(values: ["quantity": .json(.string("2"))], commandLine: false).value(quantity) }
        == "invalid value for body member 'quantity': expected an integer, got '\"2\"'")
  }

  @Test func flagsAreGivenOrTrueOrFalse() throws {
    let finish = BuyOperation.finish
    #expect(try Input(values: ["finish": .present]).value(finish) == true)
    #expect(try Input(values: ["finish": .text("0")]).value(finish) == false)
    #expect(try Input(values: ["finish": .json(.null)], commandLine: false).value(finish) == nil, "JSON null is not given")
    #expect(refusal { try Input(values: ["finish": .text("maybe")]).value(finish) } == "invalid value for '--finish': expected true or false, got 'maybe'")
  }

  @Test func theHelpSentenceCarriesTheAllowedValuesAndTheDefault() {
    #expect(
      BuyOperation.renewalBehavior.info.help
        == "How an auto-renewable subscription bought at purchaseDate renews up to now; cancelImmediately: with auto-renew off, for one period: renewUntilNow or cancelImmediately (default: renewUntilNow).")
    #expect(BuyOperation.quantity.info.help == "How many to buy: 1-10, consumables only (default: 1).")
    #expect(BuyOperation.productId.info.help == "The product identifier.")
  }
}
