import Foundation
import Presenter
import SearchUseCase
import UseCase

/// One repo in full as the view shows it (`app search view`): the use case's details, plus where they
/// came from and when.
///
/// The details' fields read straight through (`overview.fullName`), so the view model adds only what is its own.
@dynamicMemberLookup
public struct RepoOverview: Sendable, Equatable {
  /// The repo's details.
  public var detail: RepoDetail
  /// Where it came from, and whether it may be out of date.
  public var provenance: Provenance
  /// When the use case answered, on the app's clock: what the view measures the repo's dates at.
  public var answeredAt: Date

  /// The overview of a use case's outcome.
  public init(_ outcome: Outcome<RepoDetail, SearchFailure>) {
    detail = outcome.content
    provenance = outcome.provenance
    answeredAt = outcome.answeredAt
  }

  /// A field of the details.
  public subscript<Value>(dynamicMember keyPath: KeyPath<RepoDetail, Value>) -> Value {
    detail[keyPath: keyPath]
  }
}
