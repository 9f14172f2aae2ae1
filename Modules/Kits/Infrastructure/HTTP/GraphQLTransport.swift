import Foundation

/// Executes GraphQL operations somewhere: over HTTP, or in process against a local schema.
public protocol GraphQLTransport: Sendable {
  /// Executes `request` and returns the GraphQL response document (`{"data": ..., "errors": [...]}`) as JSON.
  func execute(_ request: GraphQLRequest) async throws(GraphQLError) -> Data
}
