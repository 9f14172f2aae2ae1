/// Holds requests until a given number of them have arrived, then lets them all go: a server that answers
/// through a gate of 8 proves, with no clock, that a client had 8 requests in flight at once. A client that sends
/// them one after another never fills the gate; each waiter then gives up after `patience` and is told so.
public actor ArrivalGate {
  private let expected: Int
  private let patience: Duration
  private var arrived = 0
  private var waiters: [CheckedContinuation<Bool, Never>] = []
  private var opened = false

  /// A gate that opens when `expected` requests have arrived; a waiter gives up after `patience`.
  public init(expected: Int, patience: Duration = .seconds(60)) {
    self.expected = expected
    self.patience = patience
  }

  /// How many requests have arrived.
  public var arrivals: Int { arrived }

  /// Counts one arrival and waits until the gate opens: `true` when all `expected` arrived together, `false`
  /// when this one gave up waiting (or came after the gate had opened).
  public func arriveAndWait() async -> Bool {
    arrived += 1
    if opened { return false }
    if arrived >= expected {
      opened = true
      for waiter in waiters { waiter.resume(returning: true) }
      waiters = []
      return true
    }
    let index = arrived
    Task { [patience] in
      try? await Task.sleep(for: patience)
      self.giveUp(index)
    }
    return await withCheckedContinuation { waiters.append($0) }
  }

  /// Lets every waiter go unopened, if the gate is still shut `patience` after arrival `index`.
  private func giveUp(_ index: Int) {
    guard !opened, index == arrived else { return }
    for waiter in waiters { waiter.resume(returning: false) }
    waiters = []
  }
}
