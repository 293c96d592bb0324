import Foundation
import StoreKit

/// Apple's `SKTestSession`: a StoreKit test session over a store of its own.
public final class SKTestSession {
}
