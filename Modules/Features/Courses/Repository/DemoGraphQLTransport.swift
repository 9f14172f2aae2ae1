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
  let note: DemoNote

  func execute(_ request: GraphQLRequest) async throws(GraphQLError) -> Data {
    note.say()
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

/// The note that the demo catalog is in use: said on the first run that asks it in an app home, then remembered
/// there by an empty marker file, so later runs stay quiet. When the marker cannot be written (a read-only
/// `APP_HOME`), the note is said again next time; nothing fails.
final class DemoNote: Sendable {
  /// The note.
  static let message = "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses API."
  /// The marker's file name in the app home.
  static let markerName = "courses-demo-noted"

  private let marker: URL?
  private let diagnostics: Diagnostics
  private let checked = Mutex(false)

  /// A note told through `diagnostics`, remembered in `home` (never remembered when `home` is `nil`).
  init(home: URL?, diagnostics: Diagnostics) {
    marker = home?.appendingPathComponent(Self.markerName)
    self.diagnostics = diagnostics
  }

  /// Says the note unless this process or an earlier run in the same app home said it, or ``DemoNoteSilence`` holds
  /// it back.
  func say() {
    guard !DemoNoteSilence.isActive else { return }
    let first = checked.withLock { checked in
      defer { checked = true }
      return !checked
    }
    guard first else { return }
    if let marker, FileManager.default.fileExists(atPath: marker.path) { return }
    diagnostics.notice(Self.message, once: "courses.demo")
    if let marker {
      _ = FileManager.default.createFile(atPath: marker.path, contents: Data(), attributes: [.posixPermissions: 0o600])
    }
  }
}
