import Foundation
import Repository
import Synchronization
import TestScheduling
import Testing
import UseCase

@Suite(.untimed) struct ReadingFollowingTests {
  /// Rows with the store's marks on some of them.
  struct Rows: Equatable, Sendable {
    var ids: [String]
    var marked: Set<String>
  }

  struct Failed: Error, Equatable {}

  /// A store of marks the test changes: it says which keys are followed, and when the follow is left.
  final class Marks: Sendable {
    private let continuation = Mutex<AsyncStream<Set<String>>.Continuation?>(nil)
    let (followed, followedContinuation) = AsyncStream.makeStream(of: [String].self)
    let (left, leftContinuation) = AsyncStream.makeStream(of: Void.self)

    func stream(_ keys: [String]) -> AsyncStream<Set<String>> {
      let (stream, continuation) = AsyncStream.makeStream(of: Set<String>.self)
      continuation.onTermination = { [leftContinuation] _ in leftContinuation.finish() }
      self.continuation.withLock { $0 = continuation }
      followedContinuation.yield(keys)
      return stream
    }

    func hold(_ marked: Set<String>) {
      _ = continuation.withLock { $0 }?.yield(marked)
    }
  }

  static func outcome(_ rows: Rows) -> Outcome<Rows, Failed> {
    Outcome(rows, provenance: .written(to: .local, at: Date(timeIntervalSince1970: 0)), answeredAt: .distantPast)
  }

  static func read(_ states: [ReadState<Rows, Failed>], marks: Marks) -> Reading<ReadState<Rows, Failed>> {
    Reading<ReadState<Rows, Failed>>.producing { yield in states.forEach(yield) }
      .following(\.ids, in: marks.stream) { rows, marked in rows.marked = marked.intersection(rows.ids) }
  }

  // A follow that is never left would keep the test waiting: the time limit turns that into a failure.
  @Test(.timeLimit(.minutes(1))) func theContentComesAgainEachTimeTheStoreMarksItAnotherWayUntilTheReadIsLeft() async {
    let marks = Marks()
    let read = Self.read(
      [.loading(nil), .done(Self.outcome(Rows(ids: ["a", "b"], marked: ["a"])))], marks: marks)
    var states = read.makeAsyncIterator()
    #expect(await states.next() == .loading(nil))
    #expect(await states.next() == .done(Self.outcome(Rows(ids: ["a", "b"], marked: ["a"]))))
    var followed = marks.followed.makeAsyncIterator()
    #expect(await followed.next() == ["a", "b"])
    // The store first holds what the read found: nothing comes again. Then another process marks b, not a.
    marks.hold(["a"])
    marks.hold(["b"])
    #expect(await states.next() == .done(Self.outcome(Rows(ids: ["a", "b"], marked: ["b"]))))
    marks.hold(["a", "b"])
    #expect(await states.next() == .done(Self.outcome(Rows(ids: ["a", "b"], marked: ["a", "b"]))))
    // Leaving the read leaves the store's follow.
    states = read.makeAsyncIterator()
    for await _ in marks.left {}
  }

  @Test(.timeLimit(.minutes(1))) func aReadThatFoundNothingEndsAndFollowsNothing() async {
    let marks = Marks()
    var seen: [ReadState<Rows, Failed>] = []
    for await state in Self.read([.loading(nil), .failed(Failed())], marks: marks) { seen.append(state) }
    #expect(seen == [.loading(nil), .failed(Failed())])
    marks.followedContinuation.finish()
    var followed: [[String]] = []
    for await keys in marks.followed { followed.append(keys) }
    #expect(followed.isEmpty)
  }

  @Test(.timeLimit(.minutes(1))) func theCachedContentIsMarkedTooAndNewKeysAreFollowedInstead() async {
    let marks = Marks()
    let (settle, settling) = AsyncStream.makeStream(of: Void.self)
    let read = Reading<ReadState<Rows, Failed>>.producing { yield in
      yield(.loading(Self.outcome(Rows(ids: ["a"], marked: []))))
      for await _ in settle {}
      yield(.done(Self.outcome(Rows(ids: ["a", "c"], marked: []))))
    }.following(\.ids, in: marks.stream) { rows, marked in rows.marked = marked.intersection(rows.ids) }
    var states = read.makeAsyncIterator()
    #expect(await states.next() == .loading(Self.outcome(Rows(ids: ["a"], marked: []))))
    var followed = marks.followed.makeAsyncIterator()
    #expect(await followed.next() == ["a"])
    marks.hold(["a"])
    #expect(await states.next() == .loading(Self.outcome(Rows(ids: ["a"], marked: ["a"]))))
    settling.finish()
    // The settled content has other keys: it comes as read until their own marks come.
    #expect(await states.next() == .done(Self.outcome(Rows(ids: ["a", "c"], marked: []))))
    #expect(await followed.next() == ["a", "c"])
    marks.hold(["c"])
    #expect(await states.next() == .done(Self.outcome(Rows(ids: ["a", "c"], marked: ["c"]))))
  }
}
