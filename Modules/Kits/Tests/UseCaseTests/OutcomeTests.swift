import Foundation
import Repository
import TestScheduling
import Testing
import UseCase

@Suite(.untimed) struct OutcomeTests {
  enum Failure: Error, Hashable { case down }

  struct Page: Hashable {
    var items: [String]
  }

  static let fetchedAt = Date(timeIntervalSince1970: 1_000)
  static let fresh = Outcome<Page, Failure>(
    Page(items: ["a"]), provenance: Provenance(source: .cache, fetchedAt: fetchedAt),
    answeredAt: fetchedAt.addingTimeInterval(90))

  @Test func itsAgeIsMeasuredWhenTheUseCaseAnswered() {
    #expect(Self.fresh.age == 90)
    var early = Self.fresh
    early.answeredAt = Self.fetchedAt.addingTimeInterval(-5)
    #expect(early.age == 0)
  }

  @Test func contentKeptBecauseARefreshFailedIsStaleAndSaysWhy() {
    #expect(Self.fresh.refreshFailure == nil && !Self.fresh.provenance.isStale)
    let kept = Self.fresh.keptBecause(.down)
    #expect(kept.refreshFailure == .down)
    #expect(kept.provenance.isStale)
    #expect(kept.content == Self.fresh.content && kept.provenance.fetchedAt == Self.fetchedAt)
  }

  @Test func theContentsFieldsReadAndChangeStraightThrough() {
    var outcome = Self.fresh
    #expect(outcome.items == ["a"])
    outcome.items.append("b")
    #expect(outcome.content.items == ["a", "b"])
  }

  @Test func mappingKeepsProvenanceAnswerTimeAndFailure() {
    let mapped = Self.fresh.keptBecause(.down).map(\.items.count)
    #expect(mapped.content == 1)
    #expect(mapped.provenance.isStale && mapped.refreshFailure == .down && mapped.answeredAt == Self.fresh.answeredAt)
  }
}
