import CoursesUseCase
import FeatureKit
import Foundation
import Repository
import UseCase

/// A course in JSON output.
struct CourseJSON: Encodable {
  let id: String
  let title: String
  let categoryName: String
  let level: String
  let durationMinutes: Int
  let progress: Double
  let stocked: Bool

  init(_ dto: CourseDto) {
    id = dto.course.id
    title = dto.course.title
    categoryName = dto.categoryName
    level = dto.course.level.rawValue
    durationMinutes = dto.course.durationMinutes
    progress = dto.progress
    stocked = dto.stocked
  }
}

/// The home screen in JSON output (`app courses --json`).
struct CoursesHomeJSON: Encodable {
  struct RankingJSON: Encodable {
    let label: String
    let labelId: String
    let courses: [CourseJSON]
  }

  let source: DataSource
  let stale: Bool
  let fetchedAt: Date
  let categories: [Category]
  let recentCourses: [CourseJSON]
  let recommendedCourses: [CourseJSON]
  let rankings: [RankingJSON]

  init(_ main: Outcome<MainDto, CoursesFailure>, refreshFailed: Bool) {
    source = main.provenance.source
    stale = refreshFailed || main.provenance.isStale
    fetchedAt = main.provenance.fetchedAt
    categories = main.categories
    recentCourses = main.recentCourses.map(CourseJSON.init)
    recommendedCourses = main.recommendedCourses.map(CourseJSON.init)
    rankings = main.rankings.map {
      RankingJSON(label: $0.label, labelId: $0.labelId, courses: $0.courses.map(CourseJSON.init))
    }
  }
}

/// A GitHub repo related to a course in JSON output, with `gh`'s field names.
struct RelatedRepoJSON: Encodable {
  let fullName: String
  @KeepsNull var description: String?
  let stargazersCount: Int
  let url: String

  init(_ repo: RelatedRepo) {
    fullName = repo.fullName
    description = repo.description
    stargazersCount = repo.stargazersCount
    url = repo.url
  }
}

/// One course in JSON output (`app courses show <id> --json`).
struct CourseDetailJSON: Encodable {
  let source: DataSource
  let stale: Bool
  let fetchedAt: Date
  let course: CourseJSON
  let instructor: String
  let summary: String?
  let updatedAt: TimestampJSON
  let lastViewedAt: TimestampJSON?
  /// Up to 3 GitHub repos found for the title; `null` when they could not be looked up.
  let relatedRepositories: RelatedJSON<RelatedRepoJSON>

  init(_ detail: Outcome<CourseDetailDto, CoursesFailure>, refreshFailed: Bool) {
    source = detail.provenance.source
    stale = refreshFailed || detail.provenance.isStale
    fetchedAt = detail.provenance.fetchedAt
    course = CourseJSON(detail.course)
    instructor = detail.course.course.instructor
    summary = detail.course.course.summary
    updatedAt = TimestampJSON(detail.course.course.updatedAt)
    lastViewedAt = detail.lastViewedAt.map(TimestampJSON.init)
    relatedRepositories = RelatedJSON(detail.relatedRepos, RelatedRepoJSON.init)
  }
}

/// A time the Courses API sent, written in ISO 8601 (UTC, like every date the app prints as JSON); text that names
/// no time is written as the API sent it.
struct TimestampJSON: Encodable {
  let time: CourseTime

  init(_ time: CourseTime) {
    self.time = time
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch time {
    case .date(let date): try container.encode(date.formatted(.iso8601))
    case .text(let text): try container.encode(text)
    }
  }
}
