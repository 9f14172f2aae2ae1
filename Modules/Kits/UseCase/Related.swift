/// What a screen shows from another feature: what was found, or why nothing is shown.
///
/// A screen's own content never depends on it. A feature that offers the items may be absent from the app, slow
/// or failing; the screen then shows its own content without them, and says why only where that helps the user.
public enum Related<Item: Sendable & Hashable>: Sendable, Hashable {
  /// The items found, best first; empty when nothing matched.
  case found([Item])
  /// Nothing to show, and why.
  case unavailable(RelatedUnavailable)
  /// Being looked up: a later state of the read has the items, or why there are none. A screen shows its own
  /// content meanwhile.
  case pending

  /// The items, or `nil` when they are unavailable or still pending.
  public var items: [Item]? {
    if case .found(let items) = self { return items }
    return nil
  }

  /// Runs `lookup` and waits for it at most `deadline`. A lookup still running then is cancelled and not waited
  /// for, so a lookup that is slow to notice its cancellation cannot hold the screen up either.
  ///
  /// The lookup's own failure becomes ``RelatedUnavailable/notCached`` or ``RelatedUnavailable/failed(_:)``.
  public static func within(
    _ deadline: Duration,
    _ lookup: @escaping @Sendable () async throws(RelatedLookupFailure) -> [Item]
  ) async -> Related<Item> {
    let waited = await Deadline<Related<Item>>.wait(atMost: deadline) {
      do throws(RelatedLookupFailure) {
        return .found(try await lookup())
      } catch {
        switch error {
        case .notCached: return .unavailable(.notCached)
        case .failed(let reason): return .unavailable(.failed(reason))
        }
      }
    }
    switch waited {
    case .answered(let related): return related
    case .timedOut(let deadline): return .unavailable(.timedOut(deadline))
    // The caller no longer waits, even for a lookup that is slow to notice its cancellation.
    case .cancelled: return .unavailable(.failed("cancelled"))
    }
  }
}

/// Why a screen shows no items from another feature.
public enum RelatedUnavailable: Sendable, Hashable {
  /// No feature in this app offers them.
  case absent
  /// Reading the cache only, and nothing is cached for them.
  case notCached
  /// The lookup failed; the reason is one line, for the user.
  case failed(String)
  /// The lookup did not answer within the deadline, and was given up.
  case timedOut(Duration)

  /// A short reason to show the user, or `nil` when there is nothing worth saying (the offering feature is not in
  /// the app, or nothing is cached while reading the cache only).
  public var reason: String? {
    switch self {
    case .absent, .notCached: nil
    case .failed(let reason): reason
    case .timedOut(let deadline): "no answer within \(Self.seconds(deadline)) s"
    }
  }

  private static func seconds(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    let tenths = (milliseconds + 50) / 100
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
  }
}

/// Why a lookup another feature offers could not answer: what every feature interface's lookups throw.
public enum RelatedLookupFailure: Error, Sendable, Hashable {
  /// Reading the cache only, and nothing is cached for the lookup.
  case notCached
  /// The lookup failed; the reason is one line, for the user (no secret, no stack).
  case failed(String)
}
