import Foundation
import Infrastructure
import Synchronization
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the HTTP cases need of a client: one GET, its status and body size.
protocol BenchmarkClient: Sendable {
  func get(_ url: URL) async throws -> (status: Int, bytes: Int)
  func close()
}

/// This project's client.
struct CurlClient: BenchmarkClient {
  let client = CurlHTTPClient()

  func get(_ url: URL) async throws -> (status: Int, bytes: Int) {
    let response = try await client.send(HTTPRequest(url: url))
    return (response.status, response.body.count)
  }

  func close() {}
}

/// Foundation's `URLSession`, allowed as many connections per host as the case runs requests at once
/// (its default on Linux is 6).
struct SessionClient: BenchmarkClient {
  let session: URLSession

  init(concurrency: Int) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = max(concurrency, 1)
    configuration.urlCache = nil
    session = URLSession(configuration: configuration)
  }

  func get(_ url: URL) async throws -> (status: Int, bytes: Int) {
    let (data, response) = try await session.data(from: url)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data.count)
  }

  func close() {
    session.finishTasksAndInvalidate()
  }
}

/// 1,000 small GETs against a loopback server, at concurrency 1 and 16, for each client.
struct HTTPBenchmarks {
  let runs: Int
  let requests = 1000
  static let body = Data(#"{"id":"swift-basics","title":"Swift Basics","progress":0.5}"#.utf8)

  func run() async throws -> [HTTPResult] {
    let server = try await LoopbackServer.start()
    server.route(
      "GET", "/small",
      response: LoopbackResponse(status: 200, headers: ["Content-Type": "application/json"], body: Self.body))
    let url = server.url("/small")
    var results: [HTTPResult] = []
    for concurrency in [1, 16] {
      for (name, make) in Self.clients {
        var rates: [Double] = []
        var connections: [Int] = []
        // One unmeasured run warms the server and the process.
        for run in 0...runs {
          let client = make(concurrency)
          let before = server.acceptedConnections
          let seconds = try await load(client: client, url: url, concurrency: concurrency)
          client.close()
          server.clearRequests()
          guard run > 0 else { continue }
          rates.append(Double(requests) / seconds)
          connections.append(server.acceptedConnections - before)
        }
        results.append(
          HTTPResult(
            client: name, concurrency: concurrency, requests: requests,
            requestsPerSecond: Figure(samples: rates), connections: connections))
      }
    }
    await server.stop()
    return results
  }

  static let clients: [(String, @Sendable (Int) -> any BenchmarkClient)] = [
    ("CurlHTTPClient", { _ in CurlClient() }),
    ("URLSession", { SessionClient(concurrency: $0) }),
  ]

  /// Sends `requests` GETs, `concurrency` at a time; returns the elapsed seconds.
  private func load(client: any BenchmarkClient, url: URL, concurrency: Int) async throws -> Double {
    let next = Counter()
    let total = requests
    let start = monotonicNanoseconds()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<concurrency {
        group.addTask {
          while next.take() < total {
            let (status, bytes) = try await client.get(url)
            guard status == 200, bytes == Self.body.count else {
              throw BenchmarkFailure("GET \(url) answered \(status) with \(bytes) bytes")
            }
          }
        }
      }
      try await group.waitForAll()
    }
    return Double(monotonicNanoseconds() - start) / 1e9
  }
}

/// Hands out 0, 1, 2, … to whoever asks, from any task.
final class Counter: Sendable {
  private let value = Atomic<Int>(0)

  /// The next number.
  func take() -> Int {
    value.add(1, ordering: .relaxed).oldValue
  }
}
