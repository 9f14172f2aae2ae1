#!/usr/bin/env python3
"""Checks that the packages agree on their external dependencies: one URL, one requirement, one pinned version.

Usage: check-dependencies.py <repository root> [--resolved]
       check-dependencies.py --self-test   (a disagreeing pair of each kind, and agreeing ones, built in memory)

The manifests: the root's, Modules/Kits', Modules/TestKits', Modules/Interfaces', every feature's
(Modules/Features/<Name>) and Tools/Benchmarks'.

- Every manifest that declares an external package (`.package(url:...)`) declares it with the same URL and the same
  requirement as every other manifest that declares it: the packages are built into one build folder and linked into
  one app, where a package has one version. Read with `swift package dump-package` (each dependency's
  `sourceControl` location and requirement; registry packages by their identity); the root is read with
  ROOT_TESTS_ONLY unset, so that the packages only its copies of the test targets use are seen too. Packages by
  path (`.package(path:)`) are the project's own and not compared.
- With --resolved, also every Package.resolved those folders hold: no package identity is pinned at two versions
  or revisions (or branches) in two of them.
Prints one line a package identity and exits 1 when any check fails.
"""
import json
import os
import subprocess
import sys
import tempfile

SHARED_PACKAGES = [".", "Modules/Kits", "Modules/TestKits", "Modules/Interfaces"]
OTHER_PACKAGES = ["Tools/Benchmarks"]


def package_folders(root):
    """The folders of the manifests the check reads, relative to the repository, those that exist."""
    features = os.path.join(root, "Modules/Features")
    feature_folders = sorted("Modules/Features/" + f for f in os.listdir(features)
                             if not f.startswith(".") and os.path.isdir(os.path.join(features, f))) \
        if os.path.isdir(features) else []
    return [f for f in SHARED_PACKAGES + feature_folders + OTHER_PACKAGES
            if os.path.isfile(os.path.join(root, f, "Package.swift"))]


def manifest_name(folder):
    return os.path.normpath(os.path.join(folder, "Package.swift"))


def requirement_text(requirement):
    """A dump-package requirement as a manifest would read it: `1.8.2..<2.0.0`, `exact 1.0.0`, `branch main`."""
    if not requirement:
        return "no requirement"
    kind, value = next(iter(requirement.items()))
    if kind == "range":
        return ", ".join(f"{r.get('lowerBound')}..<{r.get('upperBound')}" for r in value)
    return f"{kind} {', '.join(map(str, value)) if isinstance(value, list) else value}"


def location_text(location):
    """A dump-package location: the remote URL (`https://github.com/groue/GRDB.swift`) or the local path."""
    if isinstance(location, dict):
        for kind in ("remote", "local"):
            for entry in location.get(kind) or []:
                return entry.get("urlString") if isinstance(entry, dict) else str(entry)
    return str(location)


def declarations(manifest):
    """The external packages a dump-package manifest declares: {identity: (location, requirement)}."""
    found = {}
    for dependency in manifest.get("dependencies", []):
        for entry in dependency.get("sourceControl", []) or []:
            found[entry["identity"].lower()] = (location_text(entry.get("location")),
                                                requirement_text(entry.get("requirement")))
        for entry in dependency.get("registry", []) or []:
            found[entry["identity"].lower()] = ("registry " + entry["identity"],
                                                requirement_text(entry.get("requirement")))
    return found


def declaration_results(manifests):
    """(ok, message) for each external package of `manifests` ({manifest path: dump-package JSON})."""
    by_identity = {}
    for path, manifest in manifests.items():
        for identity, declared in declarations(manifest).items():
            by_identity.setdefault(identity, []).append((path, declared))
    results = []
    for identity, found in sorted(by_identity.items()):
        first_path, first = found[0]
        different = [(path, declared) for path, declared in found[1:] if declared != first]
        if different:
            path, declared = different[0]
            results.append((False, f"{identity}: {first_path} declares {first[0]} {first[1]}, but {path} declares "
                                   f"{declared[0]} {declared[1]}"
                            + "".join(f"\n  and {p} declares {d[0]} {d[1]}" for p, d in different[1:])))
        else:
            results.append((True, f"{identity}: {first[0]} {first[1]}, as declared by "
                                  f"{', '.join(path for path, _ in found)}"))
    return results


def pins(resolved):
    """The pins of a Package.resolved (version 1, 2 or 3): {identity: (location, version, revision, branch)}."""
    found = {}
    entries = resolved.get("pins") if "pins" in resolved else (resolved.get("object") or {}).get("pins", [])
    for pin in entries or []:
        location = pin.get("location") or pin.get("repositoryURL") or ""
        identity = pin.get("identity") or location.rstrip("/").split("/")[-1].removesuffix(".git")
        state = pin.get("state") or {}
        found[identity.lower()] = (location, state.get("version"), state.get("revision"), state.get("branch"))
    return found


def pin_text(pin):
    location, version, revision, branch = pin
    return " ".join(p for p in [version or (f"branch {branch}" if branch else None),
                                f"({revision[:12]})" if revision else None, f"from {location}"] if p)


def pin_results(files):
    """(ok, message) for each package identity pinned in `files` ({Package.resolved path: its JSON})."""
    by_identity = {}
    for path, resolved in files.items():
        for identity, pin in pins(resolved).items():
            by_identity.setdefault(identity, []).append((path, pin))
    results = []
    for identity, found in sorted(by_identity.items()):
        first_path, first = found[0]
        different = [(path, pin) for path, pin in found[1:] if pin[1:] != first[1:]]
        if different:
            results.append((False, f"{identity} is pinned at two versions: {first_path} pins {pin_text(first)}"
                            + "".join(f", {path} pins {pin_text(pin)}" for path, pin in different)))
        else:
            results.append((True, f"{identity} is pinned at {pin_text(first)} in "
                                  f"{', '.join(path for path, _ in found)}"))
    return results


def dump_package(root, folder, scratch):
    # The root is read with ROOT_TESTS_ONLY unset: its copies of the test targets declare packages of their own.
    environment = {k: v for k, v in os.environ.items() if k != "ROOT_TESTS_ONLY"}
    result = subprocess.run(["swift", "package", "--package-path", os.path.join(root, folder), "--scratch-path",
                             os.path.join(scratch, folder.replace("/", "_")), "dump-package"],
                            capture_output=True, text=True, env=environment)
    if result.returncode != 0 or "{" not in result.stdout:
        raise RuntimeError(f"swift package dump-package fails in {folder}:\n  "
                           + "\n  ".join(result.stderr.strip().splitlines()[-5:]))
    return json.loads(result.stdout[result.stdout.index("{"):])


def report(results):
    for ok, message in results:
        print(("ok: " if ok else "FAILED: ") + message)
    return sum(1 for ok, _ in results if not ok)


def check(root, resolved):
    folders = package_folders(root)
    failures = 0
    manifests = {}
    with tempfile.TemporaryDirectory() as scratch:
        for folder in folders:
            try:
                manifests[manifest_name(folder)] = dump_package(root, folder, scratch)
            except RuntimeError as error:
                failures += report([(False, str(error))])
    failures += report([(bool(manifests), f"{len(manifests)} manifests read: {', '.join(manifests)}")])
    failures += report(declaration_results(manifests))
    if resolved:
        files = {}
        for folder in folders:
            path = os.path.join(root, folder, "Package.resolved")
            if not os.path.isfile(path):
                continue
            try:
                with open(path, encoding="utf-8") as handle:
                    files[os.path.normpath(os.path.join(folder, "Package.resolved"))] = json.load(handle)
            except (OSError, ValueError) as error:
                failures += report([(False, f"{os.path.join(folder, 'Package.resolved')} cannot be read: {error}")])
        failures += report([(True, f"{len(files)} Package.resolved read: {', '.join(files) or 'none'}")])
        failures += report(pin_results(files))
    print(f"dependencies: {failures} check(s) failed" if failures else "dependencies: all checks passed")
    return 1 if failures else 0


def self_test():
    def manifest(*packages, path_dependency=None):
        dependencies = [{"sourceControl": [{"identity": identity, "location": {"remote": [{"urlString": url}]},
                                            "requirement": requirement}]} for identity, url, requirement in packages]
        if path_dependency:
            dependencies.append({"fileSystem": [{"identity": path_dependency, "path": "/src/" + path_dependency}]})
        return {"name": "P", "dependencies": dependencies}

    def from_(lower, upper):
        return {"range": [{"lowerBound": lower, "upperBound": upper}]}

    grdb, grdb_fork = "https://github.com/groue/GRDB.swift", "https://github.com/example/GRDB.swift"
    parser = "https://github.com/apple/swift-argument-parser"

    def resolved(*pinned, version=2):
        if version == 1:
            return {"object": {"pins": [{"package": identity, "repositoryURL": url,
                                         "state": {"version": v, "revision": r, "branch": None}}
                                        for identity, url, v, r in pinned]}, "version": 1}
        return {"pins": [{"identity": identity, "kind": "remoteSourceControl", "location": url,
                          "state": {"version": v, "revision": r}} for identity, url, v, r in pinned],
                "version": version}

    cases = [
        ("the same URL and requirement everywhere", declaration_results, {
            "Package.swift": manifest(("grdb.swift", grdb, from_("7.10.0", "8.0.0")), path_dependency="kits"),
            "Modules/Kits/Package.swift": manifest(("grdb.swift", grdb, from_("7.10.0", "8.0.0")),
                                                   ("swift-argument-parser", parser, from_("1.8.2", "2.0.0"))),
        }, None),
        ("a package required at two versions", declaration_results, {
            "Modules/Kits/Package.swift": manifest(("grdb.swift", grdb, from_("7.10.0", "8.0.0"))),
            "Modules/Features/Search/Package.swift": manifest(("grdb.swift", grdb, from_("7.9.0", "8.0.0"))),
        }, ["grdb.swift:", "Modules/Kits/Package.swift declares https://github.com/groue/GRDB.swift 7.10.0..<8.0.0",
            "Modules/Features/Search/Package.swift declares https://github.com/groue/GRDB.swift 7.9.0..<8.0.0"]),
        ("a package required as a range and as an exact version", declaration_results, {
            "Package.swift": manifest(("swift-argument-parser", parser, from_("1.8.2", "2.0.0"))),
            "Tools/Benchmarks/Package.swift": manifest(("swift-argument-parser", parser, {"exact": ["1.8.2"]})),
        }, ["Package.swift declares", "1.8.2..<2.0.0", "Tools/Benchmarks/Package.swift declares", "exact 1.8.2"]),
        ("a package from two URLs", declaration_results, {
            "Modules/TestKits/Package.swift": manifest(("grdb.swift", grdb, from_("7.10.0", "8.0.0"))),
            "Modules/Features/Courses/Package.swift": manifest(("grdb.swift", grdb_fork, from_("7.10.0", "8.0.0"))),
        }, ["Modules/TestKits/Package.swift declares https://github.com/groue/GRDB.swift",
            "Modules/Features/Courses/Package.swift declares https://github.com/example/GRDB.swift"]),
        ("the same pin everywhere, in versions 1 and 2 of the file", pin_results, {
            "Package.resolved": resolved(("grdb.swift", grdb, "7.10.0", "a60dcff")),
            "Modules/Kits/Package.resolved": resolved(("GRDB.swift", grdb, "7.10.0", "a60dcff"), version=1),
        }, None),
        ("a package pinned at two versions", pin_results, {
            "Modules/Features/Courses/Package.resolved": resolved(("grdb.swift", grdb, "7.10.0", "a60dcff")),
            "Modules/Features/Search/Package.resolved": resolved(("grdb.swift", grdb, "7.9.0", "0b1c2d3")),
        }, ["grdb.swift", "Modules/Features/Courses/Package.resolved pins 7.10.0",
            "Modules/Features/Search/Package.resolved pins 7.9.0"]),
        ("a package pinned at one version but two revisions", pin_results, {
            "Package.resolved": resolved(("swift-argument-parser", parser, "1.8.2", "1111111")),
            "Modules/Kits/Package.resolved": resolved(("swift-argument-parser", parser, "1.8.2", "2222222"), version=3),
        }, ["swift-argument-parser", "Package.resolved pins 1.8.2 (1111111)",
            "Modules/Kits/Package.resolved pins 1.8.2 (2222222)"]),
    ]
    wrong = 0
    for description, judge, data, expected in cases:
        results = judge(data)
        failed = [message for ok, message in results if not ok]
        if expected is None and (failed or not results):
            print(f"SELF-TEST FAILED: {description}: {failed or 'nothing judged'}")
            wrong += 1
        elif expected is not None and not (len(failed) == 1 and all(e in failed[0] for e in expected)):
            print(f"SELF-TEST FAILED: {description} was not reported naming {expected}: {failed}")
            wrong += 1
    if declarations(manifest(path_dependency="kits")):
        print("SELF-TEST FAILED: a package by path was read as an external one")
        wrong += 1
    if wrong:
        return 1
    print(f"dependencies self-test: each of {len(cases)} cases judged as expected (a disagreeing pair of "
          "declarations and of pins fails, naming both files)")
    return 0


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--resolved"]
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if len(arguments) > 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(64)
    sys.exit(check(arguments[0] if arguments else ".", "--resolved" in sys.argv[1:]))
