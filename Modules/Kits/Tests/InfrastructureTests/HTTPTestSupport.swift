import Foundation
import Infrastructure
import Testing

/// A client for tests; `configure` adjusts the defaults.
func makeClient(_ configure: (inout CurlHTTPClient.Configuration) -> Void = { _ in }) -> CurlHTTPClient {
  var configuration = CurlHTTPClient.Configuration(connectTimeout: .seconds(5), timeout: .seconds(20))
  configure(&configuration)
  return CurlHTTPClient(configuration: configuration)
}

/// Runs `body` and returns the error it threw; records an issue if it did not throw or threw another type.
func capture<E: Error>(
  _ type: E.Type,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> some Any
) async -> E? {
  do {
    let value = try await body()
    Issue.record("Expected \(E.self), got \(value)", sourceLocation: sourceLocation)
    return nil
  } catch let error as E {
    return error
  } catch {
    Issue.record("Expected \(E.self), got \(error)", sourceLocation: sourceLocation)
    return nil
  }
}

/// Milliseconds elapsed while running `body`, with its result.
func measure<T>(_ body: () async throws -> T) async rethrows -> (milliseconds: Double, value: T) {
  let clock = ContinuousClock()
  let start = clock.now
  let value = try await body()
  let elapsed = start.duration(to: clock.now)
  let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  return (milliseconds, value)
}

/// The URL for `text`, or a failed requirement.
func makeURL(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
  try #require(URL(string: text), sourceLocation: sourceLocation)
}
