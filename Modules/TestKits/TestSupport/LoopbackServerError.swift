/// Why a ``LoopbackServer`` could not start or a wait on it failed.
public enum LoopbackServerError: Error, Sendable, CustomStringConvertible {
  /// The server did not start listening in time.
  case notListening(underlying: String)
  /// The listening socket has no IPv4 address.
  case unexpectedAddress(String)
  /// Fewer requests than expected arrived before the deadline.
  case timedOut(expected: Int, received: Int)

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .notListening(let underlying):
      return "The loopback server did not start listening: \(underlying)"
    case .unexpectedAddress(let address):
      return "The loopback server listens on an unexpected address: \(address)"
    case .timedOut(let expected, let received):
      return "Expected \(expected) request(s) at the loopback server, received \(received) before the deadline"
    }
  }
}
