/// The frozen registrations indexed for resolving: an open-addressing table keyed by the type's identity.
///
/// `Dictionary<RegistrationID, …>` hashes the type and the name with SipHash on every lookup; this table hashes
/// the type's address with one multiplication and compares names only among one type's registrations, which
/// are few. It is built once, when the container is made, and only read afterwards.
///
/// It holds the registrations unretained, so a lookup costs no reference counting: the container that owns the
/// table also owns every registration (in `Container.registrations`) for as long as it exists.
@usableFromInline
struct RegistrationTable: Sendable {
  /// A registration as the resolve path wants it: with what decides its path, so that choosing the path does not
  /// wait for the registration's own memory.
  @usableFromInline
  struct Target: Sendable {
    @usableFromInline let registration: Unmanaged<AnyRegistration>
    /// The registration's ``AnyRegistration/runsInline``.
    @usableFromInline let runsInline: Bool

    init(_ registration: AnyRegistration) {
      self.registration = Unmanaged.passUnretained(registration)
      runsInline = registration.runsInline
    }
  }

  /// One type's registrations: the unnamed one and the named ones.
  @usableFromInline
  struct Slot: Sendable {
    @usableFromInline var type: ObjectIdentifier?
    @usableFromInline var unnamed: Target?
    @usableFromInline var named: [(name: Name, target: Target)] = []
  }

  @usableFromInline let slots: [Slot]
  @usableFromInline let shift: Int

  init(_ registrations: [RegistrationID: AnyRegistration]) {
    let types = Set(registrations.keys.map(\.type))
    var bits = 1
    while (1 << bits) < types.count * 2 { bits += 1 }
    shift = Int.bitWidth - bits
    var slots = [Slot](repeating: Slot(), count: 1 << bits)
    for (id, registration) in registrations {
      var index = Self.index(of: id.type, shift: shift)
      while let type = slots[index].type, type != id.type {
        index = (index + 1) & (slots.count - 1)
      }
      slots[index].type = id.type
      if let name = id.name {
        slots[index].named.append((name, Target(registration)))
      } else {
        slots[index].unnamed = Target(registration)
      }
    }
    self.slots = slots
  }

  /// The registration of `type` under `name`, if there is one.
  ///
  /// Inlined where a resolve is written, so that finding the registration costs no call. The slots are read
  /// through a buffer pointer, without the array's bounds checks: every index is in range by construction (the
  /// hash keeps `Int.bitWidth - shift` bits, which index `slots.count` slots exactly, and probing wraps with
  /// `slots.count - 1`), and a debug build still checks it.
  @inlinable @inline(__always)
  func registration(for type: ObjectIdentifier, name: Name?) -> Target? {
    slots.withUnsafeBufferPointer { slots in
      var index = Self.index(of: type, shift: shift)
      while let found = slots[index].type {
        if found == type {
          guard let name else { return slots[index].unnamed }
          return slots[index].named.first { $0.name.matches(name) }?.target
        }
        index = (index &+ 1) & (slots.count &- 1)
      }
      return nil
    }
  }

  /// Fibonacci hashing of the metadata address: its high bits, after one multiplication, pick the slot.
  ///
  /// `shift` is below `Int.bitWidth`, so the masking shift is the plain one, without the test for an oversized
  /// shift that `>>` makes.
  @inlinable @inline(__always)
  static func index(of type: ObjectIdentifier, shift: Int) -> Int {
    Int(truncatingIfNeeded: (UInt(bitPattern: type) &* 0x9E37_79B9_7F4A_7C15) &>> UInt(truncatingIfNeeded: shift))
  }
}
