#!/usr/bin/env python3
"""Tests what a change touches: `make test-affected BASE=<rev>`.

Reads the files changed since <rev> (committed, staged, unstaged and untracked), finds the package each lies in (the
deepest folder with a Package.swift), and, from the package graph (`swift package describe`: every package's
`.package(path:)` dependencies), every package that depends on one of those, directly or not. It prints each
package it will test and why, then runs `Tools/Checks/test-package.sh` on each that has tests, kits first.

- A change to a manifest, the Makefile or a kit (Modules/Kits, Modules/TestKits) tests everything: those reach
  every package, and a manifest can change the graph itself.
- The root's tests (Tests/AppTests, against `app`) run when any product code changed: every feature's package is
  one of the root's dependencies, and so is every kit.

Usage: test-affected.py <rev> [--dry-run]   (--dry-run prints the plan and runs nothing)
       test-affected.py --self-test          (the plan for changes of each kind, on a graph made in memory)
"""
import json
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EVERYTHING = ("Makefile", "Modules/Kits/", "Modules/TestKits/")


def git(*arguments):
    return subprocess.run(["git", "-C", ROOT, *arguments], check=True, capture_output=True, text=True).stdout


def changed_files(base):
    try:
        git("rev-parse", "--verify", "--quiet", base + "^{commit}")
    except subprocess.CalledProcessError:
        print(f"error: '{base}' is not a revision of this repository; give one with BASE=<rev> "
              "(a commit, a branch, a tag, HEAD~3)", file=sys.stderr)
        sys.exit(64)
    files = set(git("diff", "--name-only", base).split())
    files |= set(git("ls-files", "--others", "--exclude-standard").split())
    return sorted(files)


def package_folders():
    """Every package of the repository but the benchmarks', relative to the root ('.' for the root)."""
    folders = ["."]
    for directory, subdirectories, files in os.walk(os.path.join(ROOT, "Modules")):
        subdirectories[:] = [d for d in subdirectories if not d.startswith(".build")]
        if "Package.swift" in files:
            folders.append(os.path.relpath(directory, ROOT))
    return sorted(folders)


def describe(folder):
    environment = dict(os.environ, ROOT_TESTS_ONLY="1")
    output = subprocess.run(["swift", "package", "--package-path", os.path.join(ROOT, folder), "describe",
                             "--type", "json"], check=True, capture_output=True, text=True, env=environment).stdout
    return json.loads(output[output.index("{"):])


def owner(path, folders):
    """The deepest package folder holding `path`."""
    candidates = [f for f in folders if f == "." or path == f or path.startswith(f + "/")]
    return max(candidates, key=lambda f: 0 if f == "." else len(f))


def affected(files, folders, depends_on):
    """{package folder: why it is tested} for the changed `files`, given each package's path dependencies."""
    reasons = {}
    if not files:
        return reasons
    whole = [f for f in files if f.endswith("Package.swift") or f.startswith(EVERYTHING)]
    if whole:
        return {folder: f"{whole[0]} changed, which every package builds on" for folder in folders}
    for path in files:
        reasons.setdefault(owner(path, folders), f"{path} changed")
    # Whatever depends on an affected package, directly or not.
    grew = True
    while grew:
        grew = False
        for folder in folders:
            touched = sorted(d for d in depends_on[folder] if d in reasons)
            if folder not in reasons and touched:
                reasons[folder] = f"it depends on {touched[0]}"
                grew = True
    return reasons


def in_order(reasons):
    """The kits first, the root last."""
    return sorted(reasons, key=lambda f: (f == ".", not f.startswith("Modules/Kits"), f))


def plan(base):
    files = changed_files(base)
    folders = package_folders()
    described = {folder: describe(folder) for folder in folders}
    depends_on = {}
    has_tests = {}
    for folder, package in described.items():
        paths = [d["path"] for d in package.get("dependencies", []) if d.get("type") == "fileSystem"]
        depends_on[folder] = {os.path.relpath(p, ROOT) for p in paths}
        has_tests[folder] = any(t["type"] == "test" for t in package["targets"])
    reasons = affected(files, folders, depends_on)
    return in_order(reasons), reasons, has_tests


def self_test():
    """The plan for changes of each kind, on a graph of the project's shape."""
    folders = [".", "Modules/Features/Courses", "Modules/Features/Search", "Modules/Interfaces", "Modules/Kits",
               "Modules/TestKits"]
    kits = {"Modules/Kits", "Modules/TestKits"}
    depends_on = {
        ".": {"Modules/Features/Courses", "Modules/Features/Search"} | kits,
        "Modules/Features/Courses": {"Modules/Interfaces"} | kits,
        "Modules/Features/Search": {"Modules/Interfaces"} | kits,
        "Modules/Interfaces": kits,
        "Modules/Kits": {"Modules/TestKits"},
        "Modules/TestKits": {"Modules/Kits"},
    }
    cases = [
        (["Modules/Features/Search/Presenter/SearchViewModel.swift"], ["Modules/Features/Search", "."]),
        (["Modules/Features/Courses/Tests/CoursesTests/CourseTimeTests.swift"], ["Modules/Features/Courses", "."]),
        (["Modules/Interfaces/CoursesInterface/CourseFinder.swift"],
         ["Modules/Features/Courses", "Modules/Features/Search", "Modules/Interfaces", "."]),
        (["Tests/AppTests/AppStartupTests.swift"], ["."]),
        (["Modules/Features/Search/Package.swift"], in_order(folders)),
        (["Modules/Kits/DI/Container.swift"], in_order(folders)),
        (["Makefile"], in_order(folders)),
        ([], []),
    ]
    failures = 0
    for files, expected in cases:
        got = in_order(affected(files, folders, depends_on))
        if got != expected:
            failures += 1
            print(f"FAILED: a change of {files or 'nothing'} tests {got}, not {expected}")
    print("test-affected self-test: " + ("each of %d changes plans the packages expected" % len(cases)
                                          if not failures else f"{failures} case(s) wrong"))
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        print("usage: make test-affected BASE=<rev>", file=sys.stderr)
        return 64
    base = sys.argv[1]
    order, reasons, has_tests = plan(base)
    if not order:
        print(f"Nothing changed since {base}: no package to test.")
        return 0
    print(f"Changed since {base}; testing:")
    for folder in order:
        name = "the root (Tests/AppTests)" if folder == "." else folder
        note = "" if has_tests[folder] else " (no tests of its own)"
        print(f"  {name}: {reasons[folder]}{note}")
    if "--dry-run" in sys.argv:
        return 0
    failed = []
    for folder in order:
        if not has_tests[folder]:
            continue
        status = subprocess.run(["bash", os.path.join(ROOT, "Tools/Checks/test-package.sh"),
                                 os.path.join(ROOT, folder)], env=dict(os.environ, ROOT_TESTS_ONLY="1")).returncode
        if status != 0:
            failed.append(folder)
    if failed:
        print(f"test-affected: failed in {', '.join(failed)}")
        return 1
    print("test-affected: every affected package passes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
