import CoursesRepository
import Foundation
import Infrastructure
import SearchInterface

// The Courses use cases' own values: what presenters and views see of the catalog, mapped from the data layer's
// models (decoded from the origin) and from Search's interface, so that neither reaches presentation.

/// A course category, such as "Swift" or "Design".
public struct Category: Hashable, Sendable, Encodable {
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
    if let date = Self.wholeSeconds(trimmed) ?? (try? Self.whole.parse(trimmed))
      ?? (try? Self.fractional.parse(trimmed))
    {
      self = .date(date)
    } else {
      self = .text(text)
    }
  }

  /// The ISO 8601 styles a time is read in, made once: making one costs more than parsing with it, which
  /// ``wholeSeconds(_:)`` spares a command whose times are all in its form.
  private static let whole = Date.ISO8601FormatStyle()
  private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  /// The time `text` names when it is in the form the Courses API sends, `2026-01-01T09:30:00Z` or with an offset
  /// (`+09:00`), and names a real time from 1583 on (``/Infrastructure/UTCTime``): the date `whole` reads from it.
  /// Anything else (fractional seconds, another form, an impossible date, a date the style counts in the Julian
  /// calendar) is `nil`, for the styles to decide.
  static func wholeSeconds(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 || bytes.count == 25 else { return nil }
    func number(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in bytes[from..<from + count] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    let separators: [(Int, UInt8)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")].map {
      ($0, UInt8(ascii: $1))
    }
    guard separators.allSatisfy({ bytes[$0.0] == $0.1 }),
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      let time = UTCTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    else { return nil }
    var offset = 0
    if bytes.count == 20 {
      guard bytes[19] == UInt8(ascii: "Z") else { return nil }
    } else {
      let sign = bytes[19]
      guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"),
        let hours = number(20, 2), let minutes = number(23, 2), hours <= 14, minutes < 60
      else { return nil }
      offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "+") ? 1 : -1)
    }
    return Date(timeIntervalSince1970: TimeInterval(time.secondsSince1970 - offset))
  }

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

/// A course the user stocked (bookmarked), with when; `app courses stocked --json` writes it as it is.
public struct StockedCourse: Hashable, Sendable, Encodable {
  /// The course id.
  public var id: String
  /// The course's title when it was stocked.
  public var title: String
  /// When the user stocked it.
  public var stockedAt: Date

  /// Creates a stocked course.
  public init(id: String, title: String, stockedAt: Date) {
    self.id = id
    self.title = title
    self.stockedAt = stockedAt
  }

  init(_ stocked: StockedCourseRecord) {
    self.init(id: stocked.courseId, title: stocked.title, stockedAt: stocked.stockedAt)
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
