import Foundation
import GraphQL

/// Executes Courses API requests in process, against the contract schema, over a ``DemoCatalog``.
///
/// It takes the same JSON request body a client would POST to the origin and answers with the same
/// JSON response body, so the client's queries and decoding are exercised exactly as over HTTP. Every
/// request is parsed and validated against ``CoursesContract/schema``; an invalid one is answered with
/// GraphQL `errors`, as a real origin would.
public struct CoursesGraphQLServer: Sendable {
  private let schema: GraphQLSchema

  /// Builds the executable schema from the contract, with resolvers reading `catalog`.
  public init(catalog: DemoCatalog) throws {
    schema = try buildSchema(source: Source(body: CoursesContract.schema, name: "courses.graphql"))
    guard let query = schema.queryType else {
      throw GraphQLError(message: "The contract schema has no Query type.")
    }
    let resolvers = CatalogResolvers(catalog: catalog)
    let contractFields = query.fields
    query.fields = {
      let fields = try contractFields()
      for (name, field) in fields {
        field.resolve = resolvers.resolver(for: name)
      }
      return fields
    }
  }

  /// The schema requests are validated against.
  public var executableSchema: GraphQLSchema { schema }

  /// Runs one request and returns its result (data and/or errors).
  public func execute(_ request: GraphQLRequest) async -> GraphQLResult {
    do {
      return try await graphql(
        schema: schema, request: request.query, variableValues: request.variables,
        operationName: request.operationName)
    } catch let error as GraphQLError {
      return GraphQLResult(errors: [error])
    } catch {
      return GraphQLResult(errors: [GraphQLError(message: "\(error)")])
    }
  }

  /// Answers a JSON request body (`{"query", "operationName", "variables"}`) with a JSON response body.
  public func respond(to body: Data) async -> Data {
    let result: GraphQLResult
    do {
      result = await execute(try JSONDecoder().decode(GraphQLRequest.self, from: body))
    } catch {
      result = GraphQLResult(errors: [GraphQLError(message: "The request body is not a GraphQL request: \(error)")])
    }
    return (try? GraphQLJSONEncoder().encode(result)) ?? Data(#"{"errors":[{"message":"encoding failed"}]}"#.utf8)
  }
}
