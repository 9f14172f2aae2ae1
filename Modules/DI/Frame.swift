/// One step of a resolution in progress: the registration being built and the step that asked for it.
///
/// Frames form an immutable linked list from the innermost resolve back to the outermost, so a resolver
/// handed to a factory can be shared freely, and a cycle is found on its first re-entry.
final class Frame: Sendable {
  let registration: AnyRegistration
  let parent: Frame?

  init(_ registration: AnyRegistration, parent: Frame?) {
    self.registration = registration
    self.parent = parent
  }

  /// The keys from the outermost resolve to this one.
  var chain: [ServiceKey] {
    var keys: [ServiceKey] = []
    var frame: Frame? = self
    while let current = frame {
      keys.append(current.registration.key)
      frame = current.parent
    }
    return keys.reversed()
  }

  /// The cycle closed by resolving `registration` again from here, or `nil` if it is not being built.
  ///
  /// The path runs from the earlier resolve of `registration` to this one and back: `A -> B -> C -> A`.
  func cycle(reentering registration: AnyRegistration) -> [ServiceKey]? {
    var path: [ServiceKey] = [registration.key]
    var frame: Frame? = self
    while let current = frame {
      path.append(current.registration.key)
      if current.registration === registration {
        return path.reversed()
      }
      frame = current.parent
    }
    return nil
  }
}
