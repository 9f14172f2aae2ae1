import CoursesDemo
import Foundation
import Infrastructure

/// Serves Courses API requests from the bundled demo catalog, in process.
///
/// The request is encoded exactly as it would be posted over HTTP and the answer is the same JSON
/// document an origin sends, so the client's queries and decoding run unchanged.
struct DemoGraphQLTransport: GraphQLTransport {
  let server: CoursesGraphQLServer
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
    return await server.respond(to: body)
  }
}
