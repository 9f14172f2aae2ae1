import CoursesRepository
import Foundation
import SearchInterface

// The Courses use cases' own values: what presenters and views see of the catalog, mapped from the data layer's
// models (decoded from the origin) and from Search's interface, so that neither reaches presentation.

/// A course category, such as "Swift" or "Design".
public struct Category: Hashable, Sendable {
  /// The category id.
  public var id: String
  /// Its display name.
  public var name: String

  /// Creates a category.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }

  init(_ category: CategoryResponse) {
    self.init(id: category.id, name: category.name)
  }
}

/// How demanding a course is.
public enum CourseLevel: String, Hashable, Sendable, CaseIterable {
  /// For newcomers.
  case beginner = "BEGINNER"
  /// For people who know the basics.
  case intermediate = "INTERMEDIATE"
  /// For experienced people.
  case advanced = "ADVANCED"

  init(_ level: CourseLevelResponse) {
    switch level {
    case .beginner: self = .beginner
    case .intermediate: self = .intermediate
    case .advanced: self = .advanced
    }
  }
}

/// A course of the catalog.
public struct Course: Hashable, Sendable, Identifiable {
  /// The course id.
  public var id: String
  /// Its title (may be Japanese).
  public var title: String
  /// Its category's id.
  public var categoryId: String
  /// Who teaches it.
  public var instructor: String
  /// A one-line summary, if the origin has one.
  public var summary: String?
  /// Its length in minutes.
  public var durationMinutes: Int
  /// How demanding it is.
  public var level: CourseLevel
  /// Its thumbnail's URL, if any.
  public var thumbnailUrl: String?
  /// When the origin last changed it.
  public var updatedAt: CourseTime

  /// Creates a course.
  public init(
    id: String, title: String, categoryId: String, instructor: String, summary: String?, durationMinutes: Int,
    level: CourseLevel, thumbnailUrl: String?, updatedAt: CourseTime
  ) {
    self.id = id
    self.title = title
    self.categoryId = categoryId
    self.instructor = instructor
    self.summary = summary
    self.durationMinutes = durationMinutes
    self.level = level
    self.thumbnailUrl = thumbnailUrl
    self.updatedAt = updatedAt
  }

  init(_ course: CourseResponse) {
    self.init(
      id: course.id, title: course.title, categoryId: course.categoryId, instructor: course.instructor,
      summary: course.summary, durationMinutes: course.durationMinutes, level: CourseLevel(course.level),
      thumbnailUrl: course.thumbnailUrl, updatedAt: CourseTime(course.updatedAt))
  }
}

/// A time the Courses API sent as text: the date, when the text is an ISO 8601 time (with or without fractional
/// seconds, in any offset); otherwise the text as the API sent it, for a screen to show as it came.
public enum CourseTime: Hashable, Sendable {
  /// The time the text names.
  case date(Date)
  /// Text that names no ISO 8601 time.
  case text(String)

  /// The time `text` names, read once here so that no view parses the API's text.
  public init(_ text: String) {
    let trimmed = Self.trimmingSpaces(text)
    if let date = (try? Self.whole.parse(trimmed)) ?? (try? Self.fractional.parse(trimmed)) {
      self = .date(date)
    } else {
      self = .text(text)
    }
  }

  /// The ISO 8601 styles a time is read in, made once: making one costs more than parsing with it.
  private static let whole = Date.ISO8601FormatStyle()
  private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  /// `text` without the spaces and tabs around it: the characters of Unicode's space separator category (Zs) and
  /// U+0009, as `CharacterSet.whitespaces` has them.
  static func trimmingSpaces(_ text: String) -> String {
    let scalars = text.unicodeScalars
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}

/// A course the user stocked (bookmarked), with when.
public struct StockedCourse: Hashable, Sendable {
  /// The course id.
  public var courseId: String
  /// The course's title when it was stocked.
  public var title: String
  /// When the user stocked it.
  public var stockedAt: Date

  /// Creates a stocked course.
  public init(courseId: String, title: String, stockedAt: Date) {
    self.courseId = courseId
    self.title = title
    self.stockedAt = stockedAt
  }

  init(_ stocked: StockedCourseRecord) {
    self.init(courseId: stocked.courseId, title: stocked.title, stockedAt: stocked.stockedAt)
  }
}

/// A GitHub repo related to a course, as Search's interface found it.
public struct RelatedRepo: Hashable, Sendable {
  /// `owner/name`.
  public var fullName: String
  /// Its description, if any.
  public var description: String?
  /// Its stars.
  public var stargazersCount: Int
  /// Its page on GitHub.
  public var url: String

  /// Creates a related repo.
  public init(fullName: String, description: String?, stargazersCount: Int, url: String) {
    self.fullName = fullName
    self.description = description
    self.stargazersCount = stargazersCount
    self.url = url
  }

  /// The repo Search's interface found.
  init(_ found: FoundRepo) {
    self.init(
      fullName: found.fullName, description: found.description, stargazersCount: found.stargazersCount,
      url: found.url)
  }
}
