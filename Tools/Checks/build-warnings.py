#!/usr/bin/env python3
"""Fails when a build log holds a compiler warning for one of the project's own files.

Usage: build-warnings.py <package root> <build log>...   (one log a package's build, say)
       build-warnings.py --self-test

A fresh build prints no warnings: every `path:line:col: warning:` whose path is under the root's Modules/, Apps/,
Tools/ or Tests/ is listed once (the compiler repeats a warning for every job that reads the file) and the check exits 1.
Warnings in dependencies are not the project's to fix and are ignored: a path with a folder whose name starts with
`.build` at any depth (the root's .build/ or .build-shared/, a package's own, as in
Modules/Features/<Name>/.build/checkouts/) is a dependency's checkout or a generated file, never the project's.
"""
import os
import re
import sys

OWN = ("Modules/", "Apps/", "Tools/", "Tests/")
WARNING = re.compile(r"^(?P<path>/[^:\n]+):(?P<line>\d+):(?P<column>\d+): warning: (?P<message>.*)$")


def own_warnings(root, log):
    """The distinct warnings of `log` in files under `root`'s own source folders, in the order first seen."""
    prefixes = {root.rstrip("/") + "/", os.path.realpath(root).rstrip("/") + "/"}
    seen = []
    for line in log.splitlines():
        match = WARNING.match(line.strip())
        prefix = next((p for p in prefixes if match and match["path"].startswith(p)), None)
        if prefix is None:
            continue
        relative = os.path.normpath(match["path"][len(prefix):])
        if not relative.startswith(OWN) or any(part.startswith(".build") for part in relative.split("/")):
            continue
        entry = f"{relative}:{match['line']}:{match['column']}: warning: {match['message']}"
        if entry not in seen:
            seen.append(entry)
    return seen


def self_test():
    root = "/src/app"
    log = "\n".join([
        "[12/80] Compiling Infrastructure CacheTable.swift",
        "/src/app/Modules/Kits/Infrastructure/Storage/CacheTable.swift:75:15: warning: result of call to 'f' is unused",
        "/src/app/Modules/Kits/Infrastructure/Storage/CacheTable.swift:75:15: warning: result of call to 'f' is unused",
        "/src/app/.build/checkouts/GRDB.swift/GRDB/Core/Row.swift:10:1: warning: deprecated",
        "/src/app/Tests/AppTests/X.swift:3:1: warning: a test's own warning",
        "/src/app/Package.swift:1:1: warning: not a source folder",
        "/src/app/Tools/Stress/main.swift:4:2: warning: var never mutated",
        "/src/app/Modules/Kits/DI/Container.swift:9:1: error: not a warning",
        "/elsewhere/Modules/A.swift:1:1: warning: another package",
        # A feature package built on its own: its sources are the project's, its checkouts and generated files not.
        "/src/app/Modules/Features/Search/Feature/RepoTable.swift:12:9: warning: a feature's own warning",
        "/src/app/Modules/Features/Search/Tests/SearchTests/SearchHarness.swift:7:3: warning: a feature test's",
        "/src/app/Modules/Features/Search/.build/checkouts/GRDB.swift/GRDB/Core/Row.swift:10:1: warning: deprecated",
        "/src/app/Modules/Kits/.build-shared/checkouts/swift-log/Sources/Logging/Logging.swift:3:1: warning: nested",
        "/src/app/Modules/Features/Courses/.build/x86_64-unknown-linux-gnu/debug/CoursesDemo.build/"
        "DerivedSources/EmbeddedText.swift:1:1: warning: generated",
        "/src/app/Tools/Benchmarks/.build/checkouts/Swinject/Sources/Container.swift:5:1: warning: a benchmark's",
        "/src/app/.build-shared/checkouts/swift-clocks/Sources/Clocks/TestClock.swift:2:1: warning: shared",
    ])
    expected = [
        "Modules/Kits/Infrastructure/Storage/CacheTable.swift:75:15: warning: result of call to 'f' is unused",
        "Tests/AppTests/X.swift:3:1: warning: a test's own warning",
        "Tools/Stress/main.swift:4:2: warning: var never mutated",
        "Modules/Features/Search/Feature/RepoTable.swift:12:9: warning: a feature's own warning",
        "Modules/Features/Search/Tests/SearchTests/SearchHarness.swift:7:3: warning: a feature test's",
    ]
    found = own_warnings(root, log)
    if found != expected:
        print(f"build-warnings self-test FAILED: {found}")
        return 1
    if own_warnings(root, "Build complete!\n"):
        print("build-warnings self-test FAILED: a clean log reported warnings")
        return 1
    print("ok: build-warnings reports each warning of Modules/, Apps/, Tools/ and Tests/ once, and no dependency's "
          "(none under a .build folder, nested ones included)")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    root, paths = argv[1], argv[2:]
    warnings = []
    missing = [path for path in paths if not os.path.isfile(path)]
    if missing:
        print(f"FAILED: build: no build log at {', '.join(missing)}")
        return 1
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as handle:
            warnings += [w for w in own_warnings(root, handle.read()) if w not in warnings]
    if warnings:
        print(f"build: {len(warnings)} compiler warning(s) in the project's sources; a fresh build prints none:")
        for warning in warnings:
            print(f"  {warning}")
        return 1
    print(f"build: no compiler warning in Modules/, Apps/, Tools/ or Tests/ ({len(paths)} build log(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
