import CoursesDemo
import CoursesRepository
import Foundation
import Infrastructure
import Reliability

/// The Courses client's response decoders, for ``DecoderFuzzing``.
enum CoursesDecoderTargets {
  /// The Courses client's decoders (``CoursesAPI/decoders``), each with the demo origin's real answer to its
  /// operation.
  static func all() async throws -> [DecoderFuzzing.Target] {
    let server = try CoursesGraphQLServer(catalog: .bundled())
    let api = CoursesAPI(client: GraphQLClient(transport: UnusedTransport()))
    let requests = Dictionary(uniqueKeysWithValues: CoursesQueries.all.map { ($0.operationName ?? "", $0) })
    var targets: [DecoderFuzzing.Target] = []
    for (operation, decode) in api.decoders {
      guard let request = requests[operation] else { throw GraphQLError.missingData }
      let sample = await server.respond(to: try JSONEncoder().encode(request))
      targets.append(DecoderFuzzing.Target(name: operation, sample: sample) { try decode($0) })
    }
    return targets
  }
}

/// A transport the fuzzer never calls: it only uses the client's decoding.
private struct UnusedTransport: GraphQLTransport {
  func execute(_ request: GraphQLRequest) async throws(GraphQLError) -> Data {
    throw .missingData
  }
}
