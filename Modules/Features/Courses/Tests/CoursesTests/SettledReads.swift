import CoursesUseCase
import Repository
import Testing
import UseCase

extension GetMainUseCase {
  /// The settled home screen of one read, for tests that look only at its end; the failure is thrown.
  func settled(
    recentLimit: Int, recommendedLimit: Int, policy: CachePolicy = .standard
  ) async throws -> Outcome<MainDto, CoursesFailure> {
    try #require(
      try await read(recentLimit: recentLimit, recommendedLimit: recommendedLimit, policy: policy).settled())
  }
}

extension CourseDetailUseCase {
  /// The settled course of one read, for tests that look only at its end; the failure is thrown.
  func settled(id: String, policy: CachePolicy = .standard) async throws -> Outcome<CourseDetailDto, CoursesFailure> {
    try #require(try await read(id: id, policy: policy).settled())
  }
}
