import CoursesDemo
import Foundation
import Infrastructure
import Repository
import Synchronization

/// Serves Courses API requests from the bundled demo catalog, in process.
///
/// The request is encoded exactly as it would be posted over HTTP and the answer is the same JSON
/// document an origin sends, so the client's queries and decoding run unchanged.
///
/// The server (the catalog decoded, the contract schema built) is made on the first request, not with the
/// transport: a command that never asks the origin, such as `app courses --offline`, does not pay for it.
struct DemoGraphQLTransport: GraphQLTransport {
  let server: LazyDemoServer
  let diagnostics: Diagnostics

  func execute(_ request: GraphQLRequest) async throws(GraphQLError) -> Data {
    diagnostics.notice(
      "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses API.", once: "courses.demo")
    let body: Data
    do {
      body = try JSONEncoder().encode(request)
    } catch {
      throw .encoding(detail: "\(error)")
    }
    let server: CoursesGraphQLServer
    do {
      server = try self.server.server()
    } catch {
      throw .server([GraphQLServerError(message: "The bundled demo catalog could not be loaded: \(error)")])
    }
    return await server.respond(to: body)
  }
}

/// The demo server, built once, on first use.
final class LazyDemoServer: Sendable {
  private let built = Mutex<CoursesGraphQLServer?>(nil)
  private let make: @Sendable () throws -> CoursesGraphQLServer

  /// A server that `make` builds when it is first needed.
  init(_ make: @escaping @Sendable () throws -> CoursesGraphQLServer) {
    self.make = make
  }

  /// The server, built now if it has not been yet; a failed build is tried again next time.
  func server() throws -> CoursesGraphQLServer {
    try built.withLock { built in
      if let built { return built }
      let server = try make()
      built = server
      return server
    }
  }
}
