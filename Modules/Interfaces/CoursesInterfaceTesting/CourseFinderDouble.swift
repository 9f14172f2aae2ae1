import CoursesInterface
import Repository
import UseCase
import UseCaseTesting

/// Courses' stand-in in the tests of the features that use it.
public typealias CourseFinderDouble = LookupDouble<CourseLookup, FoundCourse>

extension LookupDouble: CourseFinder where Query == CourseLookup, Item == FoundCourse {
  /// Records the lookup and answers as the test said.
  public func courses(
    matchingAny terms: [String], limit: Int, policy: CachePolicy
  ) async throws(RelatedLookupFailure) -> [FoundCourse] {
    try await lookUp(CourseLookup(terms: terms, limit: limit, policy: policy))
  }
}
