import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `/purchases`: a payment added to the queue, as `Product.purchase()` and `SKPaymentQueue.add`.
enum PurchaseRoutes {
  static let all = [
    ControlRoute(method: "POST", path: "/purchases", operation: BuyOperation.spec, answer: .transactions) { call throws(IAPError) in
      var request = try BuyOperation.request(call)
      request.signed = true
      return .json(BuyOperation.json(try BuyOperation.perform(request, in: call.workspace)))
    }
  ]
}
