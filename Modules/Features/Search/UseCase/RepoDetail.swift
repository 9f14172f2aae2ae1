import CoursesInterface
import Foundation
import UseCase

/// One repo in full, as the use cases hand it to presenters, with the courses related to it.
public struct RepoDetail: Sendable, Hashable {
  /// `owner/name`.
  public var fullName: String
  /// The owner's login.
  public var ownerLogin: String
  /// The description, if any.
  public var description: String?
  /// The main language, if any.
  public var language: String?
  /// Stars.
  public var stargazersCount: Int
  /// Watchers (GitHub's `subscribers_count`).
  public var watchersCount: Int
  /// Forks.
  public var forksCount: Int
  /// Open issues and pull requests.
  public var openIssuesCount: Int
  /// Topics, in GitHub's order.
  public var topics: [String]
  /// The license's name, if GitHub detected one.
  public var licenseName: String?
  /// The license's SPDX identifier, if GitHub detected one.
  public var licenseSPDXID: String?
  /// The repo's page on GitHub.
  public var url: String
  /// When it last changed.
  public var updatedAt: Date
  /// Whether it is archived.
  public var isArchived: Bool
  /// `public`, `private` or `internal`.
  public var visibility: String
  /// Courses that match its language or topics, found through Courses' interface, or why there are none to show.
  public var relatedCourses: Related<RelatedCourse>
  /// Whether the token's user starred it, read like the details; `nil` without a token, or when it could not be
  /// read.
  public var viewerStar: ViewerStar?
  /// Whether the star is still being read (the details are shown meanwhile; a later state has it).
  public var starPending = false
  /// Why whether the token's user starred it is not known, one line for the user (`GitHub did not answer`);
  /// `nil` when ``viewerStar`` says, without a token, and offline with nothing cached.
  public var starUnknown: String?

  /// Whether the star or the related courses are still being read.
  public var isFillingIn: Bool { starPending || relatedCourses == .pending }

  /// Creates a detail.
  public init(
    fullName: String, ownerLogin: String, description: String?, language: String?, stargazersCount: Int,
    watchersCount: Int, forksCount: Int, openIssuesCount: Int, topics: [String], licenseName: String?,
    licenseSPDXID: String?, url: String, updatedAt: Date, isArchived: Bool, visibility: String,
    relatedCourses: Related<RelatedCourse> = .unavailable(.absent), viewerStar: ViewerStar? = nil
  ) {
    self.fullName = fullName
    self.ownerLogin = ownerLogin
    self.description = description
    self.language = language
    self.stargazersCount = stargazersCount
    self.watchersCount = watchersCount
    self.forksCount = forksCount
    self.openIssuesCount = openIssuesCount
    self.topics = topics
    self.licenseName = licenseName
    self.licenseSPDXID = licenseSPDXID
    self.url = url
    self.updatedAt = updatedAt
    self.isArchived = isArchived
    self.visibility = visibility
    self.relatedCourses = relatedCourses
    self.viewerStar = viewerStar
  }
}

/// A course related to a repo, as Courses' interface found it.
public struct RelatedCourse: Hashable, Sendable {
  /// The course id, for `app courses show <id>`.
  public var id: String
  /// Its title.
  public var title: String
  /// Its category's name.
  public var categoryName: String
  /// How demanding it is, as the Courses API names it: `BEGINNER`, `INTERMEDIATE` or `ADVANCED`.
  public var level: String
  /// Whether it comes from the bundled demo catalog rather than a Courses API.
  public var fromDemoCatalog: Bool

  /// Creates a related course.
  public init(id: String, title: String, categoryName: String, level: String, fromDemoCatalog: Bool = false) {
    self.id = id
    self.title = title
    self.categoryName = categoryName
    self.level = level
    self.fromDemoCatalog = fromDemoCatalog
  }

  /// The course Courses' interface found.
  init(_ found: FoundCourse) {
    self.init(
      id: found.id, title: found.title, categoryName: found.categoryName, level: found.level,
      fromDemoCatalog: found.fromDemoCatalog)
  }
}

/// Whether the token's user starred a repo: GitHub's answer, or the user's change while it waits for GitHub.
public struct ViewerStar: Sendable, Hashable {
  /// Whether the repo is starred.
  public var starred: Bool
  /// Whether that is a change GitHub has not taken yet.
  public var waitsForGitHub: Bool

  /// Creates the state.
  public init(starred: Bool, waitsForGitHub: Bool = false) {
    self.starred = starred
    self.waitsForGitHub = waitsForGitHub
  }
}
