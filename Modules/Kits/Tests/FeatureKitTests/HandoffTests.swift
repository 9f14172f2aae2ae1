import TestScheduling
import Testing

@testable import FeatureKit

/// `Handoff` gives its value to the task that takes it and keeps no reference to it, whichever comes first: the
/// context of a command handed to its task must go when the command ends, and close the database.
@Suite(.untimed) struct HandoffTests {
  /// A value whose release can be seen.
  private final class Token: Sendable {}

  @Test func aValueHandedBeforeItIsTakenIsTheTakersAlone() async {
    let handoff = Handoff<Token>()
    weak var released: Token?
    do {
      let token = Token()
      released = token
      handoff.hand(token)
    }
    #expect(released != nil, "kept until taken")
    do {
      let taken = await handoff.take()
      #expect(taken === released)
    }
    #expect(released == nil, "the handoff kept a reference after the take")
  }

  @Test func aValueTakenBeforeItIsHandedIsTheTakersAlone() async {
    let handoff = Handoff<Token>()
    weak var released: Token?
    // The taker keeps only the identity of what it took, so that only the handoff could still hold the value.
    let taker = Task { ObjectIdentifier(await handoff.take()) }
    while !handoff.hasTaker { await Task.yield() }
    let expected: ObjectIdentifier
    do {
      let token = Token()
      released = token
      expected = ObjectIdentifier(token)
      handoff.hand(token)
    }
    #expect(await taker.value == expected)
    #expect(released == nil, "the handoff kept a reference after the take")
  }
}
