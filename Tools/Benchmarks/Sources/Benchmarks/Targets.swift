/// The goals the figures are held to (issue "Benchmarks"), checked against a report.
enum Targets {
  static func check(_ report: Report) -> [TargetCheck] {
    var checks: [TargetCheck] = []
    func result(_ prefix: String) -> DIResult? { report.di.first { $0.name.hasPrefix(prefix) } }

    if let singleton = result("1.") {
      checks.append(
        TargetCheck(
          target: "DI singleton resolve ≥ 20× faster than Swinject",
          measured: format(ratio: singleton.swinjectOverOurs), met: singleton.swinjectOverOurs >= 20))
    }
    if let graph = result("2.") {
      checks.append(
        TargetCheck(
          target: "DI transient graph ≥ 5× faster than Swinject",
          measured: format(ratio: graph.swinjectOverOurs), met: graph.swinjectOverOurs >= 5))
      if let overHand = graph.oursOverHandWritten {
        checks.append(
          TargetCheck(
            target: "DI transient graph ≤ 1.2× hand-written construction",
            measured: format(ratio: overHand), met: overHand <= 1.2))
      }
    }
    if let wide = result("6."), let overHand = wide.oursOverHandWritten {
      checks.append(
        TargetCheck(
          target: "DI wide graph ≤ 1.2× hand-written construction", measured: format(ratio: overHand),
          met: overHand <= 1.2))
    }
    if let thousand = result("5.") {
      checks.append(
        TargetCheck(
          target: "DI assemble + validate 1,000 registrations < 20 ms",
          measured: format(thousand.ours.median, digits: 2) + " ms", met: thousand.ours.median < 20))
    }
    for concurrency in Set(report.http.map(\.concurrency)).sorted() {
      let curl = report.http.first { $0.client == "CurlHTTPClient" && $0.concurrency == concurrency }
      let session = report.http.first { $0.client == "URLSession" && $0.concurrency == concurrency }
      guard let curl, let session else { continue }
      let ratio = curl.requestsPerSecond.median / session.requestsPerSecond.median
      checks.append(
        TargetCheck(
          target: "HTTP at concurrency \(concurrency): CurlHTTPClient ≥ URLSession in requests/s",
          measured: format(ratio: ratio) + " (\(format(curl.requestsPerSecond.median, digits: 0)) vs "
            + "\(format(session.requestsPerSecond.median, digits: 0)) req/s)",
          met: ratio >= 1))
      let most = curl.connections.max() ?? 0
      checks.append(
        TargetCheck(
          target: "HTTP at concurrency \(concurrency): CurlHTTPClient connections ≤ \(concurrency)",
          measured: "\(most) (most in one run)", met: most <= concurrency))
    }
    // `di check` is measured, with no bound of its own: it builds and validates the whole graph.
    for result in report.app {
      if let limit = result.limitOverFloor {
        checks.append(
          TargetCheck(
            target: "`\(result.command)` ≤ \(format(limit, digits: limit.rounded() == limit ? 0 : 1))× the floor",
            measured: format(ratio: result.overFloor.median), met: result.overFloor.median <= limit))
      }
      if let io = result.databaseIO {
        checks.append(
          TargetCheck(
            target: "`\(result.command)` writes nothing: no sync, no write to app.sqlite or -wal, ≤ 2 opens",
            measured: "\(io.syncs) syncs, \(io.writes) writes, \(io.opens) opens",
            met: io.syncs == 0 && io.writes == 0 && io.opens <= 2))
      }
    }
    if !report.app.isEmpty {
      let peak = report.app.max { $0.peakRSSMegabytes.median < $1.peakRSSMegabytes.median }
      checks.append(
        TargetCheck(
          target: "peak RSS of every process ≤ 30 MB",
          measured: format(peak?.peakRSSMegabytes.median ?? 0, digits: 1) + " MB (`\(peak?.command ?? "")`)",
          met: (peak?.peakRSSMegabytes.median ?? 0) <= 30))
    }
    if let cache = report.cache {
      for command in cache.commands {
        checks.append(
          TargetCheck(
            target: "`\(command.command)` with 10,000 cached searches ≤ 1.2 × with 10",
            measured: format(ratio: command.largeOverSmall), met: command.largeOverSmall <= 1.2))
      }
      if let large = cache.homes.last {
        checks.append(
          TargetCheck(
            target: "database with 10,000 searches written ≤ the \(cache.limitBytes / 1_000_000) MB limit",
            measured: format(Double(large.fileBytes) / 1e6, digits: 1) + " MB on disk, "
              + format(Double(large.entryBytes) / 1e6, digits: 1) + " MB of entries",
            met: large.fileBytes <= cache.limitBytes && large.entryBytes <= cache.limitBytes))
      }
    }
    if let ui = report.ui {
      let median = ui.keystrokeMedianMilliseconds.median
      let p95 = ui.keystrokeP95Milliseconds.median
      checks.append(
        TargetCheck(
          target: "app ui: keystroke → finished frame, median ≤ 5 ms (\(ui.keys) cached keys)",
          measured: format(median, digits: 2) + " ms", met: median <= 5))
      checks.append(
        TargetCheck(
          target: "app ui: keystroke → finished frame, p95 ≤ 16 ms (\(ui.keys) cached keys)",
          measured: format(p95, digits: 2) + " ms", met: p95 <= 16))
      let ratio = ui.firstFrameOverCourses.median
      checks.append(
        TargetCheck(
          target: "app ui: first frame ≤ 1.5× `app courses --offline`",
          measured: format(ratio: ratio) + " (\(format(ui.firstFrameMilliseconds.median, digits: 1)) vs "
            + "\(format(ui.coursesOfflineMilliseconds.median, digits: 1)) ms)",
          met: ratio <= 1.5))
      checks.append(
        TargetCheck(
          target: "app ui: \(ui.memoryKeys) keys grow memory < 5 MB",
          measured: format(ui.growthMegabytes, digits: 2) + " MB", met: ui.growthMegabytes < 5))
      let changeP95 = ui.changeP95Milliseconds.median
      checks.append(
        TargetCheck(
          target: "app ui: a key that changes data → the frame showing it, p95 ≤ 16 ms (\(ui.changeKeys) stocks)",
          measured: format(changeP95, digits: 2) + " ms", met: changeP95 <= 16))
    }
    if let stars = report.starScreen {
      checks.append(
        TargetCheck(
          target: "app ui: * with GitHub never answering → the frame marking the row, p95 ≤ 16 ms",
          measured: format(stars.starP95Milliseconds.median, digits: 2) + " ms",
          met: stars.starP95Milliseconds.median <= 16))
      checks.append(
        TargetCheck(
          target: "app ui: another process's star → the frame showing it, p95 ≤ 1 s",
          measured: format(stars.elsewhereP95Milliseconds.median, digits: 1) + " ms",
          met: stars.elsewhereP95Milliseconds.median <= 1000))
      checks.append(
        TargetCheck(
          target: "app ui: an idle session over \(stars.idleSeconds) s ≤ 1% of a core",
          measured: format(stars.idleCorePercent, digits: 2) + "%", met: stars.idleCorePercent <= 1))
    }
    if let sync = report.sync {
      checks.append(
        TargetCheck(
          target: "app sync of \(sync.toggles) waiting toggles over \(sync.repos) repos: ≤ \(sync.repos) requests",
          measured: "\(sync.requests) requests in " + format(sync.syncMilliseconds.median, digits: 1) + " ms",
          met: sync.requests <= sync.repos))
      checks.append(
        TargetCheck(
          target:
            "app sync of \(sync.silentChanges) changes, GitHub silent, APP_HTTP_TIMEOUT=\(sync.silentTimeout): ≤ 4 s",
          measured: format(sync.silentSyncMilliseconds.median / 1000, digits: 2)
            + " s, \(sync.silentRequests) requests",
          met: sync.silentSyncMilliseconds.median <= 4000))
    }
    if let fanOut = report.fanOut {
      let limit = 2.3 * Double(fanOut.originDelayMilliseconds)
      checks.append(
        TargetCheck(
          target: "Courses home screen ≤ 2.3 × \(fanOut.originDelayMilliseconds) ms = \(format(limit, digits: 0)) ms",
          measured: format(fanOut.milliseconds.median, digits: 0) + " ms", met: fanOut.milliseconds.median <= limit))
      let trips = fanOut.roundTrips.max() ?? 0
      checks.append(
        TargetCheck(target: "Courses home screen in 2 round trips", measured: "\(trips)", met: trips <= 2))
    }
    return checks
  }
}

/// `value` with `digits` decimals.
func format(_ value: Double, digits: Int) -> String {
  guard value.isFinite else { return "-" }
  var text = String(Int((value * pow10(digits)).rounded()))
  guard digits > 0 else { return text }
  let negative = text.hasPrefix("-")
  if negative { text.removeFirst() }
  while text.count <= digits { text = "0" + text }
  text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
  return (negative ? "-" : "") + text
}

/// A ratio such as `41.2×`.
func format(ratio: Double) -> String {
  format(ratio, digits: ratio >= 10 ? 1 : 2) + "×"
}

/// A figure with 3 significant digits at most, as `12.3` or `1234`.
func format(significant value: Double) -> String {
  switch abs(value) {
  case 100...: format(value, digits: 0)
  case 10..<100: format(value, digits: 1)
  case 1..<10: format(value, digits: 2)
  default: format(value, digits: 3)
  }
}

private func pow10(_ digits: Int) -> Double {
  (0..<digits).reduce(1.0) { value, _ in value * 10 }
}
