/// Renders a report as plain-text tables.
enum Table {
  static func render(_ report: Report) -> String {
    var out: [String] = []
    let m = report.machine
    out.append(
      "Machine: \(m.cores) cores, \(format(m.memoryGiB, digits: 0)) GiB, \(m.kernel), Swift \(m.swift), "
        + "\(m.build) build. Medians; ratios are of medians.")
    if !report.di.isEmpty {
      out.append("")
      out.append("Dependency injection (DI vs Swinject 2.10.0 via synchronize() vs hand-written)")
      out += grid(
        header: ["case", "unit", "DI", "Swinject", "by hand", "Swinject/DI", "DI/by hand"],
        rows: report.di.map { result in
          [
            result.name, result.unit, format(significant: result.ours.median),
            format(significant: result.swinject.median),
            result.handWritten.map { format(significant: $0.median) } ?? "-",
            format(ratio: result.swinjectOverOurs), result.oursOverHandWritten.map { format(ratio: $0) } ?? "-",
          ]
        })
      for result in report.di {
        if let note = result.note { out.append("  \(result.name.prefix { $0 != " " }) \(note)") }
      }
    }
    if !report.http.isEmpty {
      out.append("")
      out.append("HTTP: \(report.http.first?.requests ?? 0) small GETs over loopback (median of runs)")
      out += grid(
        header: ["client", "concurrency", "requests/s", "connections (per run)"],
        rows: report.http.map { result in
          [
            result.client, "\(result.concurrency)", format(result.requestsPerSecond.median, digits: 0),
            result.connections.map(String.init).joined(separator: " "),
          ]
        })
    }
    if !report.app.isEmpty {
      out.append("")
      out.append("App processes against the floor (warm caches in a temporary APP_HOME; × floor: median of each")
      out.append("round's ratio to the floor's run in the same round)")
      out.append("(syncs, db writes, opens: one run under strace; fsync/fdatasync calls, writes to app.sqlite and its")
      out.append("-wal, opens of app.sqlite)")
      out += grid(
        header: ["command", "wall ms", "× floor", "peak RSS MB", "syncs", "db writes", "opens"],
        rows: report.app.map { result in
          [
            result.command, format(result.wallMilliseconds.median, digits: 1), format(ratio: result.overFloor.median),
            format(result.peakRSSMegabytes.median, digits: 1), result.databaseIO.map { "\($0.syncs)" } ?? "",
            result.databaseIO.map { "\($0.writes)" } ?? "", result.databaseIO.map { "\($0.opens)" } ?? "",
          ]
        })
    }
    if let fanOut = report.fanOut {
      out.append("")
      out.append(
        "Courses home screen (GetMainUseCase, real assemblies, origin delay \(fanOut.originDelayMilliseconds) ms)")
      out += grid(
        header: ["time ms", "requests", "round trips"],
        rows: [
          [
            format(fanOut.milliseconds.median, digits: 0),
            Set(fanOut.requests).sorted().map(String.init).joined(separator: "/"),
            Set(fanOut.roundTrips).sorted().map(String.init).joined(separator: "/"),
          ]
        ])
    }
    if let cache = report.cache {
      out.append("")
      out.append(
        "The cache as it grows (one search entry of 30 results: \(cache.oneSearchEntryBytes) bytes; limit "
          + "\(cache.limitBytes / 1_000_000) MB)")
      out += grid(
        header: ["searches written", "entries kept", "entries MB", "file MB", "seeding s"],
        rows: cache.homes.map { home in
          [
            "\(home.searchesWritten)", "\(home.entriesKept)", format(Double(home.entryBytes) / 1e6, digits: 1),
            format(Double(home.fileBytes) / 1e6, digits: 1), format(home.seedSeconds, digits: 1),
          ]
        })
      out += grid(
        header: ["command", "10 searches ms", "10,000 searches ms", "ratio"],
        rows: cache.commands.map { command in
          [
            command.command, format(command.small.median, digits: 1), format(command.large.median, digits: 1),
            format(ratio: command.largeOverSmall),
          ]
        })
    }
    if let ui = report.ui {
      out.append("")
      out.append(
        "app ui through a pseudo-terminal (\(UIBenchmark.columns)×\(UIBenchmark.rows); a frame ends with ESC[?2026l; "
          + "keys: j j Enter Backspace k k Enter Backspace on cached courses)")
      /// A figure's row: its label, its median and how many samples it has.
      func row(_ label: String, _ figure: Figure, digits: Int = 2) -> [String] {
        [label, format(figure.median, digits: digits), "\(figure.samples.count)"]
      }
      out += grid(
        header: ["measure", "median", "runs"],
        rows: [
          row("keystroke → frame median ms (\(ui.keys) keys a run)", ui.keystrokeMedianMilliseconds),
          row("keystroke → frame p95 ms", ui.keystrokeP95Milliseconds),
          row("  move (j, k) median ms", ui.moveMilliseconds),
          row("  open a cached detail (Enter) median ms", ui.openMilliseconds),
          row("  back (Backspace) median ms", ui.backMilliseconds),
          row("stock (s) → frame showing it, median ms (\(ui.changeKeys) a run)", ui.changeMedianMilliseconds),
          row("stock (s) → frame showing it, p95 ms", ui.changeP95Milliseconds),
          row("first frame of `app ui` ms", ui.firstFrameMilliseconds, digits: 1),
          row("`app courses --offline` ms", ui.coursesOfflineMilliseconds, digits: 1),
          [
            "first frame / courses --offline", format(ratio: ui.firstFrameOverCourses.median),
            "\(ui.firstFrameOverCourses.samples.count)",
          ],
          [
            "VmRSS MB after warm-up → after \(ui.memoryKeys) keys",
            format(Double(ui.residentKilobytesAfterWarmUp) / 1024, digits: 1) + " → "
              + format(Double(ui.residentKilobytesAfterKeys) / 1024, digits: 1),
            "1",
          ],
        ])
    }
    if let stars = report.starScreen {
      out.append("")
      out.append("app ui search swift through a pseudo-terminal, GitHub never answering a star")
      out += grid(
        header: ["measure", "median", "runs"],
        rows: [
          [
            "* → frame marking the row, median ms (\(stars.toggles) a run)",
            format(stars.starMedianMilliseconds.median, digits: 2), "\(stars.starMedianMilliseconds.samples.count)",
          ],
          [
            "* → frame marking the row, p95 ms", format(stars.starP95Milliseconds.median, digits: 2),
            "\(stars.starP95Milliseconds.samples.count)",
          ],
          [
            "another process's star → frame marking it, median ms (\(stars.elsewhere) a run)",
            format(stars.elsewhereMedianMilliseconds.median, digits: 1),
            "\(stars.elsewhereMedianMilliseconds.samples.count)",
          ],
          [
            "another process's star → frame marking it, p95 ms",
            format(stars.elsewhereP95Milliseconds.median, digits: 1),
            "\(stars.elsewhereP95Milliseconds.samples.count)",
          ],
          [
            "CPU of an idle session over \(stars.idleSeconds) s, % of a core", format(stars.idleCorePercent, digits: 2),
            "1",
          ],
        ])
    }
    if let sync = report.sync {
      out.append("")
      out.append(
        "Changes that wait: \(sync.toggles) stars and unstars with --offline over \(sync.repos) repos, then `app sync`")
      out += grid(
        header: ["measure", "median", "runs"],
        rows: [
          [
            "`app search star|unstar --offline` ms", format(sync.recordMilliseconds.median, digits: 1),
            "\(sync.recordMilliseconds.samples.count)",
          ],
          ["`app sync` ms", format(sync.syncMilliseconds.median, digits: 1), "\(sync.syncMilliseconds.samples.count)"],
          ["requests sent by one sync (most)", "\(sync.requests)", "\(sync.syncMilliseconds.samples.count)"],
          [
            "`app sync` of \(sync.silentChanges), GitHub silent, timeout \(sync.silentTimeout) s: ms",
            format(sync.silentSyncMilliseconds.median, digits: 1), "\(sync.silentSyncMilliseconds.samples.count)",
          ],
          [
            "requests sent by one such sync (most)", "\(sync.silentRequests)",
            "\(sync.silentSyncMilliseconds.samples.count)",
          ],
        ])
    }
    if !report.targets.isEmpty {
      out.append("")
      out.append("Targets")
      out += grid(
        header: ["target", "measured", ""],
        rows: report.targets.map { [$0.target, $0.measured, $0.met ? "met" : "MISSED"] })
    }
    for problem in report.problems {
      out.append("problem: \(problem)")
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// Columns padded to their widest cell; the first column left-aligned, the rest right-aligned.
  private static func grid(header: [String], rows: [[String]]) -> [String] {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + padding : padding + cell
      }.joined(separator: "  ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ["  " + line(header), "  " + rule] + rows.map { "  " + line($0) }
  }
}
