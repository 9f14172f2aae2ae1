#!/usr/bin/env python3
"""Presentation sees use-case values only, checked from the compiled modules rather than from the text.

For every feature (a folder of Modules/Features, each a package of its own) it reads the symbol graphs of its
use-case target (`<Name>UseCase`) and of its interface target (`<Name>Interface`, when it has one), as
`swift-symbolgraph-extract` writes them from the built modules, and fails, naming the declaration, when a public
signature mentions a type declared in:

- the feature's data layer (`<Name>Repository`) or its extra targets (`<Name>Demo`, say: a folder of the feature
  other than its layers, Testing, its host's Host and its tests' Tests; build folders, `.build*`, are skipped);
- Infrastructure, GRDB or GraphQL;
- in a use-case target, another feature's interface (`SearchInterface` in `CoursesUseCase`): a use case maps what
  another feature offers into its own values, so a presenter never names another feature.

A type is told by its precise identifier (the Swift USR), which names the module that declares it, so a typealias
or a same-named type of another module cannot hide it.

Usage:
  check-signatures.py ROOT BIN_PATH   check the modules built in BIN_PATH (`swift build --show-bin-path`; a
                                      scratch path the packages are all built in, such as .build-shared/debug)
  check-signatures.py --self-test     feed the analysis a leak of each kind, and a clean graph, and read the
                                      features from a feature package's folders
"""

import json
import os
import re
import subprocess
import sys
import tempfile

LAYERS = {"Repository", "UseCase", "Presenter", "Feature", "Testing", "Interface"}
# A feature's folders that hold no extra target: its host and its tests.
NOT_EXTRAS = {"Host", "Tests"}
ALWAYS_FORBIDDEN = {"Infrastructure", "GRDB", "GRDBSQLite", "GraphQL"}


def usr_module(usr):
    """The module a Swift USR's type is declared in (`s:14CoursesUseCase6CourseV` -> CoursesUseCase); None for the
    standard library's short forms (`s:Si`) and for C declarations."""
    match = re.match(r"^s:(\d+)", usr or "")
    if not match:
        return None
    start = len(match.group(0))
    return usr[start:start + int(match.group(1))]


def build_folder(name):
    """A folder that is no source: a build folder (`.build`, `.build-shared`) or any other dot-folder."""
    return name.startswith(".")


def features(root):
    """Each feature's name, its extra targets (its folders but the layers, Testing, Host and Tests), and whether it
    has an interface target."""
    found = {}
    base = os.path.join(root, "Modules", "Features")
    for name in sorted(os.listdir(base)):
        path = os.path.join(base, name)
        if not os.path.isdir(path) or build_folder(name):
            continue
        extras = sorted(name + d for d in os.listdir(path) if os.path.isdir(os.path.join(path, d))
                        and d not in LAYERS | NOT_EXTRAS and not build_folder(d))
        interface = os.path.isdir(os.path.join(root, "Modules", "Interfaces", name + "Interface"))
        found[name] = {"extras": extras, "interface": interface}
    return found


def forbidden_modules(feature, target_kind, all_features):
    """What a public signature of `feature`'s use-case or interface target may not mention."""
    modules = {feature + "Repository"} | set(all_features[feature]["extras"]) | ALWAYS_FORBIDDEN
    if target_kind == "UseCase":
        modules |= {other + "Interface" for other in all_features if other != feature}
    return modules


def leaks(graph, forbidden):
    """(declaration, type, module) for each public symbol of `graph` whose declaration names a forbidden type."""
    found = []
    for symbol in graph.get("symbols", []):
        declaration = ".".join(symbol.get("pathComponents", []))
        for fragment in symbol.get("declarationFragments", []):
            if fragment.get("kind") != "typeIdentifier":
                continue
            module = usr_module(fragment.get("preciseIdentifier"))
            if module in forbidden:
                found.append((declaration, fragment.get("spelling"), module))
    return found


def module_maps(root, bin_path):
    """The clang module maps the Swift modules import, so that the extractor can load them."""
    maps = []
    # The dependencies' sources sit beside the build's triple folder (`.build/checkouts`, or a scratch path's).
    checkouts = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(bin_path))), "checkouts")
    for top in (checkouts, bin_path):
        for directory, _, files in os.walk(top):
            if "module.modulemap" in files and "Benchmarks" not in directory and "-tool.build" not in directory:
                maps.append(os.path.join(directory, "module.modulemap"))
    return maps


def extract(module, root, bin_path, output):
    """The symbol graphs of `module` (its own file and those of its extensions of other modules)."""
    command = ["swift-symbolgraph-extract", "-module-name", module, "-I", os.path.join(bin_path, "Modules"),
               "-target", target_triple(bin_path), "-output-dir", output, "-minimum-access-level", "public"]
    for path in module_maps(root, bin_path):
        command += ["-Xcc", "-fmodule-map-file=" + path]
    for include in include_directories(root):
        command += ["-Xcc", "-I", "-Xcc", include]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"swift-symbolgraph-extract could not read {module}:\n{result.stderr.strip()}")
    graphs = []
    for name in sorted(os.listdir(output)):
        if name == module + ".symbols.json" or name.startswith(module + "@"):
            with open(os.path.join(output, name)) as file:
                graphs.append(json.load(file))
    return graphs


def include_directories(root):
    """The public headers of the project's own C targets (Modules/Kits/CurlShim/include), not a dependency's."""
    found = []
    for directory, subdirectories, _ in os.walk(os.path.join(root, "Modules")):
        subdirectories[:] = [d for d in subdirectories if not build_folder(d)]
        if os.path.basename(directory) == "include":
            found.append(directory)
    return found


def target_triple(bin_path):
    """The triple the modules were built for: the build directory's name (`x86_64-unknown-linux-gnu`)."""
    return os.path.basename(os.path.dirname(os.path.realpath(bin_path)))


def check(root, bin_path):
    all_features = features(root)
    failures = 0
    checked = 0
    for feature in all_features:
        kinds = ["UseCase"] + (["Interface"] if all_features[feature]["interface"] else [])
        for kind in kinds:
            module = feature + kind
            forbidden = forbidden_modules(feature, kind, all_features)
            with tempfile.TemporaryDirectory() as output:
                found = [leak for graph in extract(module, root, bin_path, output) for leak in leaks(graph, forbidden)]
            checked += 1
            for declaration, type_name, declared_in in sorted(set(found)):
                print(f"FAILED: {module}: public {declaration} mentions {type_name}, declared in {declared_in}")
                failures += 1
    if failures:
        print(f"signatures: {failures} public signature(s) show presentation a type it must not see")
        return 1
    print(f"signatures: the public signatures of {checked} use-case and interface modules name only their own "
          "values, the kits' and the standard library's")
    return 0


def self_test():
    all_features = {"Courses": {"extras": ["CoursesDemo"], "interface": True},
                    "Search": {"extras": [], "interface": True}}

    def graph(module, spelling):
        usr = f"s:{len(module)}{module}{len(spelling)}{spelling}V"
        return {"symbols": [{"pathComponents": ["CourseValue", "init(_:)"], "declarationFragments": [
            {"kind": "keyword", "spelling": "init"},
            {"kind": "typeIdentifier", "spelling": spelling, "preciseIdentifier": usr}]}]}

    cases = [
        ("the feature's data layer", "UseCase", "CoursesRepository", "Course", True),
        ("an extra target of the feature", "UseCase", "CoursesDemo", "DemoCatalog", True),
        ("Infrastructure", "UseCase", "Infrastructure", "AppClock", True),
        ("GRDB", "Interface", "GRDB", "Database", True),
        ("GraphQL", "UseCase", "GraphQL", "Map", True),
        ("another feature's interface, in a use case", "UseCase", "SearchInterface", "FoundRepo", True),
        ("the feature's own values", "UseCase", "CoursesUseCase", "Course", False),
        ("a kit's type", "UseCase", "UseCase", "Outcome", False),
        ("another feature's interface, in an interface", "Interface", "SearchInterface", "RepoFinder", False),
    ]
    wrong = 0
    for description, kind, module, spelling, should_fail in cases:
        found = leaks(graph(module, spelling), forbidden_modules("Courses", kind, all_features))
        if bool(found) != should_fail:
            print(f"SELF-TEST FAILED: {description} ({module}.{spelling} in Courses{kind}) "
                  f"{'passed' if should_fail else 'failed'}")
            wrong += 1
    if usr_module("s:Si") is not None or usr_module("s:14CoursesUseCase6CourseV") != "CoursesUseCase":
        print("SELF-TEST FAILED: reading a USR's module")
        wrong += 1
    # The layout: a feature package's host, tests and build folders are no extra target, nor a build folder a
    # feature; a dependency's headers under a nested build folder are not the project's.
    with tempfile.TemporaryDirectory() as root:
        folders = ["Modules/Features/Courses/" + d for d in
                   ["Repository", "UseCase", "Presenter", "Feature", "Testing", "Host", "Tests/CoursesTests", "Demo",
                    ".build/checkouts/GRDB.swift/Sources", ".build-shared"]]
        folders += ["Modules/Features/.build", "Modules/Interfaces/CoursesInterface", "Modules/Kits/CurlShim/include",
                    "Modules/Features/Courses/.build/checkouts/Dependency/include"]
        for folder in folders:
            os.makedirs(os.path.join(root, folder))
        expected = {"Courses": {"extras": ["CoursesDemo"], "interface": True}}
        if features(root) != expected:
            print(f"SELF-TEST FAILED: the features read from a feature package's folders: {features(root)}")
            wrong += 1
        headers = [os.path.relpath(d, root) for d in include_directories(root)]
        if headers != ["Modules/Kits/CurlShim/include"]:
            print(f"SELF-TEST FAILED: the project's C headers: {headers}")
            wrong += 1
    if wrong:
        return 1
    print(f"signatures self-test: each of {len(cases)} cases judged as expected, and the features and headers read "
          "from a feature package's folders")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    try:
        sys.exit(check(sys.argv[1], sys.argv[2]))
    except RuntimeError as error:
        print(f"FAILED: {error}")
        sys.exit(1)
