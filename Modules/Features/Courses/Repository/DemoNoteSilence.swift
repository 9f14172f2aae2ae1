/// Where the note that the bundled demo catalog is in use is held back: the lookups other features' screens make
/// through Courses. Such a screen says itself where the courses it shows come from, and a note about Courses on
/// it would read as if the screen were Courses'.
public enum DemoNoteSilence {
  /// Whether the current task holds the note back.
  @TaskLocal static var isActive = false

  /// Runs `body` with the note held back: requests it makes to the demo catalog say nothing, and the note is still
  /// said by the next Courses command.
  public static func run<T: Sendable>(_ body: () async -> T) async -> T {
    await $isActive.withValue(true) { await body() }
  }
}
