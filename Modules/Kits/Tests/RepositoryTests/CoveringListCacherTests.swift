import Foundation
import Infrastructure
import TestScheduling
import Testing

@testable import Repository

/// The covering-list rule on a real SQLite file: a shorter request is answered from a longer list of the same name,
/// and a list that answers fewer requests replaces the kept one only once that one has gone stale.
@Suite(.untimed) struct CoveringListCacherTests {
  /// A request for the first `limit` items of the list `list`.
  struct Request: Hashable, Sendable {
    let list: String
    let limit: Int
  }

  /// A list that carries more than its items, as a page of results carries its total count.
  struct Page: RangeReplaceableCollection, Codable, Sendable, Equatable {
    var items: [Int]
    var total: Int

    init() { self.init(items: [], total: 0) }
    init(items: [Int], total: Int) {
      self.items = items
      self.total = total
    }
    var startIndex: Int { items.startIndex }
    var endIndex: Int { items.endIndex }
    subscript(position: Int) -> Int { items[position] }
    func index(after index: Int) -> Int { items.index(after: index) }
    mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Int {
      items.replaceSubrange(subrange, with: newElements)
    }
  }

  static let fetchedAt = Date(timeIntervalSince1970: 1_700_000_000)
  static let timeToLive = 600.0

  let temporary: TemporaryDatabase

  init() throws {
    temporary = try TemporaryDatabase()
  }

  /// A cacher of lists of `List` under `namespace` for `origin`; a request of the list `exact` has no prefix.
  func make<List: RangeReplaceableCollection & Codable & Sendable>(
    of type: List.Type, namespace: String, origin: String
  ) -> CoveringListCacher<Request, List> {
    CoveringListCacher(
      database: temporary.database, namespace: namespace, origin: origin, timeToLive: .seconds(Self.timeToLive),
      keyString: { "\($0.list):\($0.limit)" }
    ) { $0.list == "exact" ? nil : ($0.list, $0.limit) }
  }

  /// A cacher of lists of numbers.
  func numbers(origin: String = "o") -> CoveringListCacher<Request, [Int]> {
    make(of: [Int].self, namespace: "numbers", origin: origin)
  }

  func save(
    _ cacher: CoveringListCacher<Request, [Int]>, _ list: String, limit: Int, _ items: [Int],
    after seconds: TimeInterval = 0, more: Bool = false
  ) async throws {
    try await cacher.save(
      CachedValue(value: items, fetchedAt: Self.fetchedAt + seconds, nextPageKey: more ? "next" : nil),
      for: Request(list: list, limit: limit))
  }

  func load(_ cacher: CoveringListCacher<Request, [Int]>, _ list: String, limit: Int) async throws -> [Int]? {
    try await cacher.load(Request(list: list, limit: limit))?.value
  }

  @Test func aShorterRequestIsAnsweredWithTheFirstItemsOfALongerList() async throws {
    let cacher = numbers()
    try await save(cacher, "swift", limit: 10, Array(1...10))

    let answer = try #require(try await cacher.load(Request(list: "swift", limit: 3)))
    #expect(answer.value == [1, 2, 3])
    #expect(answer.fetchedAt == Self.fetchedAt, "a derived answer is as old as the list it is taken from")
    #expect(try await load(cacher, "swift", limit: 10) == Array(1...10))
    #expect(try await load(cacher, "swift", limit: 11) == nil, "a full list may have had more")
    #expect(try await load(cacher, "rust", limit: 3) == nil, "another list answers nothing")
  }

  @Test func theWholeListAnswersEveryRequestButNotOneTheOriginSaidHadMore() async throws {
    let cacher = numbers()
    try await save(cacher, "whole", limit: 10, [1, 2, 3])
    #expect(try await load(cacher, "whole", limit: 50) == [1, 2, 3])

    try await save(cacher, "more", limit: 10, [1, 2, 3], more: true)
    #expect(try await load(cacher, "more", limit: 3) == [1, 2, 3])
    #expect(try await load(cacher, "more", limit: 4) == nil)
  }

  @Test func aShorterListReplacesALongerOneOnlyOnceItIsStale() async throws {
    let cacher = numbers()
    try await save(cacher, "swift", limit: 10, Array(1...10))
    try await save(cacher, "swift", limit: 2, [21, 22], after: Self.timeToLive - 1)
    #expect(try await load(cacher, "swift", limit: 5) == [1, 2, 3, 4, 5], "the longer list is still fresh")
    #expect(try await load(cacher, "swift", limit: 2) == [21, 22], "the shorter list is kept under its own key")

    try await save(cacher, "swift", limit: 3, [31, 32, 33], after: Self.timeToLive)
    #expect(try await load(cacher, "swift", limit: 5) == nil, "the stale longer list was replaced")
    #expect(try await load(cacher, "swift", limit: 1) == [31])
  }

  @Test func aListThatAnswersAsMuchOrMoreReplacesTheKeptOneAtOnce() async throws {
    let cacher = numbers()
    try await save(cacher, "swift", limit: 5, Array(1...5))
    try await save(cacher, "swift", limit: 8, Array(11...18), after: 1)
    #expect(try await load(cacher, "swift", limit: 6) == Array(11...16))

    try await save(cacher, "swift", limit: 20, [41, 42], after: 2)
    #expect(try await load(cacher, "swift", limit: 9) == [41, 42], "the whole list answers more than any part")
  }

  @Test func aKeyWithoutAPrefixIsAnsweredOnlyByItsOwnEntry() async throws {
    let cacher = numbers()
    try await save(cacher, "exact", limit: 10, Array(1...10))
    #expect(try await load(cacher, "exact", limit: 10) == Array(1...10))
    #expect(try await load(cacher, "exact", limit: 3) == nil)
    #expect(try await cacher.covering("exact") == nil)
  }

  @Test func clearingAListKeepsTheCoveringList() async throws {
    let cacher = numbers()
    try await save(cacher, "swift", limit: 10, Array(1...10))
    try await cacher.clear(Request(list: "swift", limit: 10))

    #expect(try await load(cacher, "swift", limit: 10) == Array(1...10), "answered by the covering list")
    let covering = try #require(try await cacher.covering("swift"))
    #expect(covering.value.limit == 10 && covering.value.items == Array(1...10) && !covering.value.hasMore)
  }

  @Test func theFirstItemsKeepWhatElseTheListCarries() async throws {
    let cacher = make(of: Page.self, namespace: "pages", origin: "o")
    let page = Page(items: Array(1...10), total: 500)
    try await cacher.save(
      CachedValue(value: page, fetchedAt: Self.fetchedAt, nextPageKey: "10"), for: Request(list: "q", limit: 10))

    #expect(try await cacher.load(Request(list: "q", limit: 4))?.value == Page(items: [1, 2, 3, 4], total: 500))
  }

  @Test func anotherOriginsCoveringListNeverAnswers() async throws {
    let first = numbers(origin: "https://one.test")
    let second = numbers(origin: "https://two.test")
    try await save(first, "swift", limit: 10, Array(1...10))

    #expect(try await load(second, "swift", limit: 3) == nil)
    #expect(try await load(first, "swift", limit: 3) == [1, 2, 3])
  }

  @Test func whatACoveringListAnswers() {
    let full = CoveringList(limit: 10, items: Array(1...10), hasMore: false)
    let whole = CoveringList(limit: 10, items: [1, 2, 3], hasMore: false)
    let cut = CoveringList(limit: 10, items: [1, 2, 3], hasMore: true)
    #expect(full.answers(limit: 10) && !full.answers(limit: 11) && !full.isWhole)
    #expect(whole.answers(limit: 1000) && whole.isWhole)
    #expect(cut.answers(limit: 3) && !cut.answers(limit: 4) && !cut.isWhole)
    #expect(whole.answersMore(than: full) && !full.answersMore(than: whole))
    #expect(full.answersMore(than: cut) && !cut.answersMore(than: full))
    #expect(!full.answersMore(than: full))
    #expect(full.first(2) == [1, 2] && whole.first(5) == [1, 2, 3])
  }
}
