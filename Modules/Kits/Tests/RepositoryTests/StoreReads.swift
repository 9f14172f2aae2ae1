@testable import Repository

extension Store {
  /// The settled answer of one read of `key`: the response it completed with.
  ///
  /// - Throws: The error the read settled on, or `CancellationError` when the read ended without settling (its
  ///   task was cancelled).
  nonisolated func settled(_ key: Key, policy: CachePolicy = .standard) async throws -> StoreResponse<Value> {
    var last: LoadingState<Value>?
    for await state in stream(key, policy: policy) { last = state }
    switch last {
    case .completed(let response)?: return response
    case .error(let error, _)?: throw error
    case .loading?, nil: throw CancellationError()
    }
  }
}
