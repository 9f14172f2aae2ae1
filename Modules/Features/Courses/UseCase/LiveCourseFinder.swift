import CoursesInterface
import CoursesRepository
import Foundation
import Repository
import UseCase

/// What Courses offers other features (``/CoursesInterface/CourseFinder``): the home screen's courses that match some
/// words.
///
/// It reads what `app courses` shows, with the same cache policy, so it needs nothing the Courses contract does
/// not already serve: recent, recommended and ranked courses, matched on title, category and summary. The screen
/// that shows them says where they come from, so a lookup never says the demo catalog's note itself.
public struct LiveCourseFinder: CourseFinder {
  private let main: GetMainUseCase
  private let fromDemoCatalog: Bool

  /// Creates the finder over the home screen's use case; `fromDemoCatalog` when it reads the bundled demo catalog.
  public init(main: GetMainUseCase, fromDemoCatalog: Bool = false) {
    self.main = main
    self.fromDemoCatalog = fromDemoCatalog
  }

  /// Up to `limit` of the home screen's courses (recent, recommended, then ranked) holding the most `terms`.
  public func courses(
    matchingAny terms: [String], limit: Int, policy: CachePolicy
  ) async throws(RelatedLookupFailure) -> [FoundCourse] {
    let words = Set(terms.map(WholeWords.normalized).filter { !$0.isEmpty })
    guard !words.isEmpty, limit > 0 else { return [] }
    let main = self.main
    let read = await DemoNoteSilence.run { () async -> Result<Outcome<MainDto, CoursesFailure>?, CoursesFailure> in
      do throws(CoursesFailure) {
        return .success(
          try await main.read(
            recentLimit: GetMainUseCase.recentLimit, recommendedLimit: GetMainUseCase.recommendedLimit, policy: policy
          ).settled())
      } catch {
        return .failure(error)
      }
    }
    let screen: Outcome<MainDto, CoursesFailure>
    switch read {
    case .success(let outcome?):
      // A screen kept from the cache because the origin failed is not offered as an answer: the failure is.
      if let failure = outcome.refreshFailure { throw .failed(Self.reason(failure)) }
      screen = outcome
    case .success(nil): throw .failed("cancelled")
    case .failure(.notCached): throw .notCached
    case .failure(let error): throw .failed(Self.reason(error))
    }
    var seen = Set<String>()
    let shown = (screen.recentCourses + screen.recommendedCourses + screen.rankings.flatMap(\.courses))
      .filter { seen.insert($0.course.id).inserted }
    let scored = shown.enumerated().compactMap { index, dto -> (score: Int, index: Int, dto: CourseDto)? in
      let text = WholeWords([dto.course.title, dto.categoryName, dto.course.summary ?? ""])
      let score = words.count { text.contains($0) }
      return score > 0 ? (score, index, dto) : nil
    }
    return scored.sorted { ($0.score, -$0.index) > ($1.score, -$1.index) }.prefix(limit).map {
      FoundCourse(
        id: $0.dto.course.id, title: $0.dto.course.title, categoryName: $0.dto.categoryName,
        level: $0.dto.course.level.rawValue, fromDemoCatalog: fromDemoCatalog)
    }
  }
}

/// Texts seen as runs of whole words, lower-cased: "Swift" is found in "Swift 入門" and "Swift入門", but not in
/// "SwiftUI". A word ends at anything that is neither a letter nor a digit, and where Latin letters meet others.
struct WholeWords {
  private let padded: String

  init(_ texts: [String]) {
    padded = " " + texts.map(Self.normalized).joined(separator: " ") + " "
  }

  /// Whether `words` (already normalized) stand in the texts as whole words, in that order.
  func contains(_ words: String) -> Bool {
    padded.contains(" " + words + " ")
  }

  /// `text` lower-cased as words separated by single spaces.
  static func normalized(_ text: String) -> String {
    var words: [String] = []
    var word = ""
    var wordIsASCII = true
    for character in text.lowercased() {
      guard character.isLetter || character.isNumber else {
        if !word.isEmpty { words.append(word) }
        word = ""
        continue
      }
      if !word.isEmpty, character.isASCII != wordIsASCII {
        words.append(word)
        word = ""
      }
      wordIsASCII = character.isASCII
      word.append(character)
    }
    if !word.isEmpty { words.append(word) }
    return words.joined(separator: " ")
  }
}

extension LiveCourseFinder {
  /// Why the Courses data gave no answer, in one line.
  static func reason(_ error: CoursesFailure) -> String {
    "the Courses data could not be read: \(error.description)"
  }
}
