import Foundation

/// Keeps `value` alive as far as the optimizer knows, so the work that made it cannot be removed.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Nanoseconds on the monotonic clock.
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The median of `values` (the mean of the middle two for an even count).
func medianOf(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The 95th percentile of `values`: the smallest value at least 95% of them do not exceed.
func percentile95Of(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  return sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
}

/// How long and how often each case runs.
struct MeasureSettings {
  /// Runs per case; the median is reported.
  var runs = 7
  /// The least time one run takes; iterations are calibrated to reach it.
  var minimumRunNanoseconds: UInt64 = 100_000_000
}

/// The iteration count that makes one call of `run` take at least `minimum` nanoseconds.
///
/// Calibrating also warms caches and builds singletons before anything is recorded.
func calibrate(minimum: UInt64, _ run: (_ iterations: Int) throws -> UInt64) rethrows -> Int {
  var iterations = 1
  while true {
    let elapsed = try run(iterations)
    if elapsed >= minimum { return iterations }
    if elapsed < minimum / 10 {
      iterations *= 10
    } else {
      iterations = Int(Double(iterations) * Double(minimum) / Double(max(elapsed, 1)) * 1.1) + 1
    }
  }
}

/// The time one call of `body(iterations)` takes, in nanoseconds.
func timed(_ iterations: Int, _ body: (_ iterations: Int) throws -> Void) rethrows -> UInt64 {
  let start = monotonicNanoseconds()
  try body(iterations)
  return monotonicNanoseconds() - start
}

/// The ns/op of each run of each of `bodies`, which perform their operation `iterations` times.
///
/// The contenders' runs are interleaved (A B C, A B C, …), so that a burst of load on this shared machine hits
/// them alike and their ratios stay meaningful.
func measure(_ settings: MeasureSettings, _ bodies: [(_ iterations: Int) throws -> Void]) throws -> [[Double]] {
  var counts: [Int] = []
  for body in bodies {
    counts.append(try calibrate(minimum: settings.minimumRunNanoseconds) { try timed($0, body) })
  }
  var samples = Array(repeating: [Double](), count: bodies.count)
  for _ in 0..<settings.runs {
    for (index, body) in bodies.enumerated() {
      samples[index].append(Double(try timed(counts[index], body)) / Double(counts[index]))
    }
  }
  return samples
}

/// Runs `body(iterations)` on two threads at once and returns the wall time in nanoseconds.
func onTwoThreads(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) -> UInt64 {
  let ready = DispatchGroup()
  let done = DispatchGroup()
  let go = DispatchSemaphore(value: 0)
  for index in 0..<2 {
    ready.enter()
    done.enter()
    let thread = Thread {
      ready.leave()
      go.wait()
      body(iterations)
      done.leave()
    }
    thread.name = "bench-\(index)"
    thread.start()
  }
  ready.wait()
  let start = monotonicNanoseconds()
  go.signal()
  go.signal()
  done.wait()
  return monotonicNanoseconds() - start
}

/// The ns/op of each run of each of `bodies` on two threads at once: wall time over both threads' operations.
///
/// Runs are interleaved as in ``measure(_:_:)``.
func measureOnTwoThreads(_ settings: MeasureSettings, _ bodies: [@Sendable (Int) -> Void]) -> [[Double]] {
  let counts = bodies.map { body in
    calibrate(minimum: settings.minimumRunNanoseconds) { onTwoThreads(iterations: $0, body) }
  }
  var samples = Array(repeating: [Double](), count: bodies.count)
  for _ in 0..<settings.runs {
    for (index, body) in bodies.enumerated() {
      samples[index].append(Double(onTwoThreads(iterations: counts[index], body)) / Double(2 * counts[index]))
    }
  }
  return samples
}
