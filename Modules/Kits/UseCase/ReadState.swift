import Foundation
import Repository

/// One state of a read, as a use case answers it up to its presenter or view model: what a screen can show now.
///
/// A read answers a sequence of these, never throwing, so the failure keeps its type: `loading` with the cached
/// outcome while the origin is asked, then `done` or `failed`. Content kept from the cache because the origin
/// failed is `done`, with the failure as its ``Outcome/refreshFailure``.
public enum ReadState<Content: Sendable, Failure: Error>: Sendable {
  /// The origin is being asked, and the cached outcome, if there is one, can be shown meanwhile; or the content is
  /// read and a related section of it is still being looked up (``Related/pending``, see
  /// ``Reading/fillingIn(_:by:)``).
  case loading(Outcome<Content, Failure>?)
  /// The answer: fetched, read from the cache as the policy allowed, or kept from the cache because the origin
  /// failed (its ``Outcome/refreshFailure`` says why).
  case done(Outcome<Content, Failure>)
  /// Nothing to show, and why.
  case failed(Failure)

  /// Whether this is the read's last state.
  public var isSettled: Bool {
    if case .loading = self { false } else { true }
  }

  /// The outcome there is to show, if any.
  public var outcome: Outcome<Content, Failure>? {
    switch self {
    case .loading(let outcome): outcome
    case .done(let outcome): outcome
    case .failed: nil
    }
  }

  /// The state of a store's read in the use case's terms.
  ///
  /// - Parameters:
  ///   - state: What the store yielded.
  ///   - answeredAt: Now, on the app's clock: what the outcome's age is measured at.
  ///   - content: Maps the store's data model into the use case's own value.
  ///   - failure: Types the store's or origin's error.
  ///   - keepsCache: Whether cached content may still be shown after the failure (not after "not found", say).
  public init<Value: Sendable>(
    _ state: LoadingState<Value>, answeredAt: Date, content: (Value) -> Content, failure: (any Error) -> Failure,
    keepsCache: (Failure) -> Bool = { _ in true }
  ) {
    func outcome(_ response: StoreResponse<Value>) -> Outcome<Content, Failure> {
      Outcome(content(response.value), provenance: Provenance(response), answeredAt: answeredAt)
    }
    switch state {
    case .loading(let cached):
      self = .loading(cached.map(outcome))
    case .completed(let response):
      self = .done(outcome(response))
    case .error(let error, let cached):
      let typed = failure(error)
      if let cached, keepsCache(typed) {
        self = .done(outcome(cached).keptBecause(typed))
      } else {
        self = .failed(typed)
      }
    }
  }
}

extension ReadState: Equatable where Content: Equatable, Failure: Equatable {}
