#!/usr/bin/env python3
"""Checks that every feature is a vertical slice, from the packages' descriptions and the kits' sources.

Usage: check-slices.py <repository root>   (runs `swift package describe --type json` and `dump-package` on every
                                            package: the root with ROOT_TESTS_ONLY=1, Modules/Kits,
                                            Modules/TestKits, Modules/Interfaces and each Modules/Features/<Name>)
       check-slices.py --imports <directory>   (the import rules alone, from the sources)

The packages' targets are read as one graph, with paths from the repository root: a dependency on a product of one
of these packages stands for the targets the product vends, so what a target builds is followed across packages;
a product of any other package stays a package. A folder whose name starts with a dot (`.build`, `.build-shared`)
is never read.

- The packages: every feature folder (Modules/Features/<Name>) is a package of its own, with its host, the
  executable `<Name>Host` (Host/), and its tests, the test target `<Name>Tests` (Tests/<Name>Tests); its products
  are `<Name>Feature`, `<Name>Testing`, `<Name>Slice` (every target but the host and the tests) and `<Name>Host`.
  No feature's manifest depends on another feature's package; no two manifests (these and Tools/Benchmarks') have
  the same `name:`, no two targets the same name, and no two of these packages vend a product of the same name.
- Every feature has its four layer targets.
- Each layer target depends only on the layer below it in its feature (the repository layer: on the
  feature's own extra targets, its folders other than the layers, Testing, Tests and Host) and on the shared kits,
  never on another feature's targets. The host depends on its feature's top (`<Name>Feature`), the kits and
  ArgumentParser alone.
- Building a feature compiles no other feature's source and no package only another feature uses
  (Search does not pull in GraphQL, which only Courses' demo origin uses).
- Features meet only at interfaces (Modules/Interfaces/<Name>Interface): an interface depends on the kits alone; of
  a feature's targets only its use-case layer (for the protocols it implements or uses) and its feature layer (for
  the route names of the screens it adds or opens) depend on an interface, its own or another feature's; no
  feature's target and no feature's tests build another feature's targets. An interface's double
  (Modules/Interfaces/<Name>InterfaceTesting) depends on its interface, the kits and their test support alone.
- Test doubles stay out of the product: no kit, interface, feature layer, host or the app builds a test-support
  target (a test kit of Modules/TestKits, a feature's `<Name>Testing`, or an interface's double).
- The shared kits (Modules/Kits/<Kit>, and their doubles Modules/TestKits/<Kit>Testing) and the app (Apps) name no
  feature: no feature name, origin name or setting variable (read from the features' sources, not their tests) in
  their code.
- Every source file of a feature's layer and host (and of the scaffold's template) imports only what IMPORTS allows
  it: a presenter or a view never reaches the data layer, whatever SwiftPM would let it import.
- No file of a feature, an interface or the scaffold re-exports a module (`@_exported import`), and no presenter or
  view file (the plugin excepted) names the database, a type of Infrastructure or a store type: presentation sees
  the use cases' values only.
- No rule is kept by the letter alone: a `Name` is spelled as a string only where it is declared (`static let
  github = Name("github")`), never to reach another layer's registration; no use-case, presenter, feature or host
  file (nor the use-case, presenter and feature kits) reads a stored change's `.payload` (the store decodes it:
  `Store.intent(of:)`); and none of a feature's layers above the repository lower-cases a repo name (the key rule
  is the repository layer's `RepoFullName.canonical`, asked through `ViewerStars`); and no presenter or screen
  follows a store beside its read (an `AsyncStream` or `observe(keys:)` in a feature's presenter or feature layer:
  a screen's marks come on its read's one stream, `Reading.following(_:in:marking:)`).
Prints one line per check and exits 1 when any fails.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

KITS = ["DI", "CurlShim", "Infrastructure", "Repository", "UseCase", "Presenter", "FeatureKit"]
KIT_FOLDERS = ["Modules/Kits/" + kit for kit in ["DI", "Infrastructure", "Repository", "UseCase", "Presenter",
                                                 "FeatureKit"]]
# The kits' test doubles: test support, apart from the kits, that no product builds; they name no feature either.
KIT_TESTING = ["InfrastructureTesting", "UseCaseTesting", "FeatureKitTesting"]
KIT_FOLDERS += ["Modules/TestKits/" + target for target in KIT_TESTING]
KIT_FOLDERS.append("Apps")
LAYERS = ["Repository", "UseCase", "Presenter", "Feature"]
# A feature's folders that are neither a layer nor an extra target.
NOT_EXTRAS = {"Testing", "Tests", "Host"}
# The packages beside the features, as folders of the repository.
SHARED_PACKAGES = [".", "Modules/Kits", "Modules/TestKits", "Modules/Interfaces"]
# The packages outside the app's graph, whose manifest names count too.
OTHER_PACKAGES = ["Tools/Benchmarks"]
TEST_KITS_PACKAGE = "Modules/TestKits"

# What a source file of each layer may import, beside its own feature's targets named in OWN. SwiftPM lets a file
# import anything in its target's dependency closure; these rules hold at the `import` line instead.
SYSTEM = {"Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Synchronization"}
IMPORTS = {
    "Repository": SYSTEM | {"DI", "Infrastructure", "Repository", "CurlShim", "GRDB"},
    "UseCase": SYSTEM | {"DI", "Infrastructure", "Repository", "UseCase"},
    "Presenter": SYSTEM | {"DI", "Repository", "UseCase", "Presenter"},
    "Feature": SYSTEM | {"DI", "Infrastructure", "Repository", "UseCase", "Presenter", "FeatureKit", "ArgumentParser"},
    "Host": SYSTEM | {"FeatureKit", "ArgumentParser"},
}
# The feature's own targets each layer may import: the layer below (the repository layer: the feature's extra
# targets, such as a bundled demo origin; the host: the feature's top).
OWN = {"Repository": ["<extras>"], "UseCase": ["Repository"], "Presenter": ["UseCase"],
       "Feature": ["Presenter", "UseCase"], "Host": ["Feature"]}
# The one file that hands the app a slice's assemblies and settings may also import its data layer.
PLUGIN_OWN = ["Repository"]
# Interfaces: what an interface's own files may import, and which layers may import an interface: the use cases
# (its protocols) and the feature layer (its screens' route names), never a presenter.
INTERFACE_IMPORTS = SYSTEM | {"DI", "Repository", "UseCase"}
INTERFACE_LAYERS = {"UseCase", "Feature"}
# An interface's double (`<Name>InterfaceTesting`): what an interface may import, its own interface, and the kit's
# double it is made of.
DOUBLE_IMPORTS = INTERFACE_IMPORTS | {"UseCaseTesting"}
DOUBLE_SUFFIX = "InterfaceTesting"
IMPORT_LINE = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public\s+|internal\s+|package\s+)?import\s+"
                         r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def hidden(name):
    """A folder never read: a build folder (`.build`, `.build-shared`, a nested one) or any other dot-folder."""
    return name.startswith(".")


def walk(top):
    """os.walk, minus the build folders (a nested `.build/checkouts` holds dependencies, not the project)."""
    for directory, subdirectories, files in os.walk(top):
        subdirectories[:] = sorted(d for d in subdirectories if not hidden(d))
        yield directory, subdirectories, files


def folders_of(path):
    return sorted(f for f in os.listdir(path) if os.path.isdir(os.path.join(path, f)) and not hidden(f)) \
        if os.path.isdir(path) else []


def feature_folders(root):
    """The feature folders, Modules/Features/<Name>."""
    return folders_of(os.path.join(root, "Modules/Features"))


def import_violations(root):
    """Every import a layer's rules forbid, as `path:line: message`, for the features and the scaffold."""
    sources = []  # (feature, layer, extras, path)
    features_dir = os.path.join(root, "Modules/Features")
    for feature in feature_folders(root):
        folder = os.path.join(features_dir, feature)
        extras = [feature + f for f in folders_of(folder) if f not in LAYERS and f not in NOT_EXTRAS]
        for layer in LAYERS + ["Host"]:
            for directory, _, files in walk(os.path.join(folder, layer)):
                sources += [(feature, layer, extras, os.path.join(directory, f)) for f in files
                            if f.endswith(".swift")]
    template = os.path.join(root, "Tools/Scaffold/Template")
    for layer in LAYERS + ["Host"]:
        for directory, _, files in walk(os.path.join(template, layer)):
            sources += [("__NAME__", layer, [], os.path.join(directory, f)) for f in files
                        if f.endswith(".swift.template")]
    interfaces_dir = os.path.join(root, "Modules/Interfaces")
    folders = folders_of(interfaces_dir)
    interfaces = [f for f in folders if not f.endswith(DOUBLE_SUFFIX)]
    doubles = [f for f in folders if f.endswith(DOUBLE_SUFFIX)]
    for interface in interfaces:
        for directory, _, files in walk(os.path.join(interfaces_dir, interface)):
            sources += [(None, "Interface", [], os.path.join(directory, f)) for f in files if f.endswith(".swift")]
    for double in doubles:
        own = double[:-len("Testing")]
        for directory, _, files in walk(os.path.join(interfaces_dir, double)):
            sources += [(None, "InterfaceTesting", [own], os.path.join(directory, f)) for f in files
                        if f.endswith(".swift")]
    # The scaffold's own interface and its double are templates too.
    interfaces.append("__NAME__Interface")
    for directory, _, files in walk(os.path.join(template, "Interface")):
        sources += [(None, "Interface", [], os.path.join(directory, f)) for f in files
                    if f.endswith(".swift.template")]
    for directory, _, files in walk(os.path.join(template, "InterfaceTesting")):
        sources += [(None, "InterfaceTesting", ["__NAME__Interface"], os.path.join(directory, f)) for f in files
                    if f.endswith(".swift.template")]
    problems = []
    for feature, layer, extras, path in sources:
        if layer == "Interface":
            allowed = INTERFACE_IMPORTS
        elif layer == "InterfaceTesting":
            allowed = DOUBLE_IMPORTS | set(extras)
        else:
            own = OWN[layer] + (PLUGIN_OWN if os.path.basename(path).startswith(feature + "Plugin.swift") else [])
            allowed = IMPORTS[layer] | {t for o in own for t in (extras if o == "<extras>" else [feature + o])}
            if layer in INTERFACE_LAYERS:
                allowed = allowed | set(interfaces)
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            match = IMPORT_LINE.match(line)
            if match and match.group(1) not in allowed:
                problems.append(f"{os.path.relpath(path, root)}:{number}: the {layer} layer may not import "
                                f"{match.group(1)} (it may: {', '.join(sorted(allowed))})")
    return len(sources), problems


# The store kit's types, which only a use case handles; `CachePolicy` and `DataSource` are presentation's too.
STORE_TYPES = {"Store", "StoreResponse", "StoreError", "StoreStream", "LoadingState", "Cacher", "Fetcher",
               "CachedValue"}
PUBLIC_TYPE = re.compile(r"^\s*public\s+(?:final\s+)?(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)


def presentation_leaks(root):
    """Every `@_exported import` in a feature, and every data-side type a presenter or a view file names."""
    infrastructure = set()
    for directory, _, files in walk(os.path.join(root, "Modules/Kits/Infrastructure")):
        for file in files:
            if file.endswith(".swift"):
                infrastructure.update(PUBLIC_TYPE.findall(open(os.path.join(directory, file), encoding="utf-8").read()))
    data_side = re.compile(r"\b(" + "|".join(sorted(infrastructure | STORE_TYPES)) + r")\b")
    problems = []
    folders = ["Modules/Features", "Modules/Interfaces", "Tools/Scaffold/Template"]
    for folder in folders:
        for directory, _, files in walk(os.path.join(root, folder)):
            for file in sorted(files):
                if not file.endswith((".swift", ".swift.template")) or file == "Package.swift":
                    continue
                path = os.path.join(directory, file)
                relative = os.path.relpath(path, root)
                parts = relative.split(os.sep)
                layer = parts[3] if parts[:2] == ["Modules", "Features"] and len(parts) > 4 else \
                    parts[3] if parts[:3] == ["Tools", "Scaffold", "Template"] and len(parts) > 4 else None
                presentation = layer in ("Presenter", "Feature") and "Plugin.swift" not in file
                for number, line in enumerate(open(path, encoding="utf-8"), 1):
                    if re.match(r"\s*@_exported\s+import\b", line):
                        problems.append(f"{relative}:{number}: a feature re-exports a module (@_exported import)")
                    code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line.split("//")[0])
                    if not presentation or IMPORT_LINE.match(code):
                        continue
                    for name in sorted(set(data_side.findall(code))):
                        problems.append(f"{relative}:{number}: the {layer} layer names {name}, which only the "
                                        "data and use-case layers may handle")
    return len(infrastructure), problems


# A `Name` spelled as a string where it is not declared: the layer that declares it (`static let github =
# Name("github")`, in its assembly) is the only one to spell it; every other place names the constant.
NAME_SPELLED = re.compile(r'\bName\(\s*"')
NAME_DECLARED = re.compile(r'^\s*(?:public\s+|package\s+)?static\s+let\s+\w+\s*=\s*Name\(\s*"[^"]*"\s*\)\s*$')
# The encoding of a stored row: only the repository layer (and the store kit) reads a change's payload.
PAYLOAD = re.compile(r'\.payload\b')
# A repo name lower-cased by hand: the store's key rule (`RepoFullName.canonical`) is the repository layer's.
NAME_LOWERCASED = re.compile(r'\b(?:\w*[Ff]ullName|\w*[Rr]epo\w*)(?:\??\.\w+)*\??\.lowercased\(\)')
# A stream of a store's marks beside a read: a screen's marks come with its content, on the read's one stream
# (`Reading.following(_:in:marking:)`), so no presenter or screen holds a stream of its own.
SIDE_STREAM = re.compile(r'\bAsyncStream<|\.observe\(keys:')
ABOVE_REPOSITORY = ("UseCase", "Presenter", "Feature", "Host")
KITS_ABOVE_REPOSITORY = ("Modules/Kits/UseCase", "Modules/Kits/Presenter", "Modules/Kits/FeatureKit")


def letter_violations(root):
    """Every rule kept by the letter only, as `path:line: message`: another layer's `Name` spelled as a string, a
    row's payload decoded above the repository layer, a repo name lower-cased in a feature layer above it."""
    problems = []
    sources = []  # (path, layer above the repository or None)
    for top in ("Modules/Features", "Tools/Scaffold/Template", "Modules/Kits", "Modules/Interfaces"):
        for directory, _, files in walk(os.path.join(root, top)):
            for file in sorted(files):
                if not file.endswith((".swift", ".swift.template")) or file == "Package.swift":
                    continue
                path = os.path.join(directory, file)
                parts = os.path.relpath(path, root).split(os.sep)
                if "Tests" in parts or any(p.endswith("Testing") for p in parts):
                    continue
                if top in ("Modules/Features", "Tools/Scaffold/Template"):
                    # Modules/Features/<Name>/<Layer>/…, Tools/Scaffold/Template/<Layer>/…: the fourth part either way.
                    layer = parts[3] if len(parts) > 4 and parts[3] in ABOVE_REPOSITORY else None
                else:
                    relative = "/".join(parts)
                    layer = "kit" if relative.startswith(KITS_ABOVE_REPOSITORY) else None
                sources.append((path, layer))
    for path, layer in sources:
        relative = os.path.relpath(path, root)
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            code = line.split("//")[0]
            if NAME_SPELLED.search(code) and not NAME_DECLARED.match(code):
                problems.append(f"{relative}:{number}: a Name spelled as a string outside its declaration: name "
                                "the constant the declaring layer gives (Name.github)")
            if layer and PAYLOAD.search(code):
                problems.append(f"{relative}:{number}: a row's payload read above the repository layer: ask the "
                                "store (Store.intent(of:))")
            if layer and layer != "kit" and NAME_LOWERCASED.search(re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)):
                problems.append(f"{relative}:{number}: a repo name lower-cased above the repository layer: the key "
                                "rule is the store's (ViewerStars.key(_:), RepoFullName.canonical)")
            if layer in ("Presenter", "Feature") and SIDE_STREAM.search(code):
                problems.append(f"{relative}:{number}: a store followed beside a read: the marks come on the read's "
                                "own stream (Reading.following(_:in:marking:), asked with following: true)")
    return len(sources), problems


def report_imports(root):
    count, problems = import_violations(root)
    check(count > 0 and not problems, f"{count} source files of the layers import only what their layer allows"
          + "".join("\n  " + p for p in problems[:20]))
    count, problems = presentation_leaks(root)
    check(count > 0 and not problems,
          "no feature re-exports a module, and presentation names no database, store or Infrastructure type "
          + f"({count} Infrastructure types known)" + "".join("\n  " + p for p in problems[:20]))
    count, problems = letter_violations(root)
    check(count > 0 and not problems,
          f"no rule is kept by the letter alone ({count} files): no Name spelled outside its declaration, no "
          "payload read and no repo name lower-cased above the repository layer, no store followed beside a read"
          + "".join("\n  " + p for p in problems[:20]))


failures = []


def check(ok, message):
    print(("ok: " if ok else "FAILED: ") + message)
    if not ok:
        failures.append(message)


if len(sys.argv) > 2 and sys.argv[1] == "--imports":
    report_imports(sys.argv[2])
    sys.exit(1 if failures else 0)

root = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else ".")


def swiftpm(folder, *command, scratch):
    """The JSON a `swift package` command prints for the package in `folder`, or None (and a failed check)."""
    # ROOT_TESTS_ONLY=1: the root leaves out its copies of the other packages' test targets. A scratch path of the
    # check's own keeps it from waiting on a build that holds the package's .build.
    environment = dict(os.environ, ROOT_TESTS_ONLY="1")
    result = subprocess.run(["swift", "package", "--package-path", os.path.join(root, folder), "--scratch-path",
                             os.path.join(scratch, folder.replace("/", "_")), *command],
                            capture_output=True, text=True, env=environment)
    if result.returncode != 0 or "{" not in result.stdout:
        check(False, f"{folder}: swift package {' '.join(command)} fails:\n  "
              + "\n  ".join(result.stderr.strip().splitlines()[-5:]))
        return None
    return json.loads(result.stdout[result.stdout.index("{"):])


features_with_package = [f for f in feature_folders(root)
                         if os.path.isfile(os.path.join(root, "Modules/Features", f, "Package.swift"))]
package_folders = [p for p in SHARED_PACKAGES if os.path.isfile(os.path.join(root, p, "Package.swift"))] \
    + ["Modules/Features/" + f for f in features_with_package]
descriptions, manifests = {}, {}
with tempfile.TemporaryDirectory() as scratch:
    for folder in package_folders:
        described = swiftpm(folder, "describe", "--type", "json", scratch=scratch)
        dumped = swiftpm(folder, "dump-package", scratch=scratch)
        if described is not None and dumped is not None:
            descriptions[folder], manifests[folder] = described, dumped
    others = {folder: swiftpm(folder, "dump-package", scratch=scratch) for folder in OTHER_PACKAGES
              if os.path.isfile(os.path.join(root, folder, "Package.swift"))}
check("." in descriptions and len(descriptions) == len(package_folders),
      f"{len(descriptions)} of {len(package_folders)} packages described: {', '.join(descriptions)}")


def relative(path):
    """A path as the repository sees it ("Modules/Features/Courses/Host"), "." for the root itself."""
    return os.path.relpath(os.path.realpath(path), root).replace(os.sep, "/")


def our_package(folder, reference):
    """The folder of the package `reference` names in `folder`'s manifest (`package: "Kits"`), when it is ours."""
    for dependency in manifests[folder].get("dependencies", []):
        for kind in ("fileSystem", "sourceControl"):
            for entry in dependency.get(kind, []):
                names = {entry.get("identity", "").lower(), (entry.get("nameForTargetDependencyResolutionOnly")
                                                             or "").lower()}
                if reference.lower() not in names:
                    continue
                path = entry.get("path") or (entry.get("location", {}).get("local") or [None])[0]
                if path and relative(os.path.join(root, folder, path)) in descriptions:
                    return relative(os.path.join(root, folder, path))
    return None


# Our packages' products as their manifests declare them (SwiftPM also makes one of each executable target of the
# package it is run on), by package and across them.
vends = {folder: {p["name"]: p["targets"] for p in manifests[folder].get("products", [])} for folder in descriptions}
kinds = {folder: {p["name"]: next(iter(p.get("type") or {"?": None})) for p in manifests[folder].get("products", [])}
         for folder in descriptions}
product_owners = {}
for folder, products in vends.items():
    for name in products:
        product_owners.setdefault(name, []).append(folder)
clashing = {name: owners for name, owners in product_owners.items() if len(owners) > 1}
check(not clashing, f"no two packages vend a product of the same name ({len(product_owners)} products)"
      + "".join(f"\n  {name}: {', '.join(owners)}" for name, owners in sorted(clashing.items())))

# One graph of every package's targets.
targets = {}
owners = {}
for folder, described in descriptions.items():
    declared = {t["name"]: t for t in manifests[folder].get("targets", [])}
    for target in described.get("targets", []):
        name = target["name"]
        owners.setdefault(name, []).append(folder)
        if name in targets:
            continue
        # Which package each product dependency (and plugin) of the manifest's target comes from.
        source = {}
        manifest_target = declared.get(name, {})
        entries = (manifest_target.get("dependencies") or []) + (manifest_target.get("pluginUsages") or [])
        for entry in entries:
            for kind in ("product", "plugin"):
                if kind in entry and len(entry[kind]) > 1 and entry[kind][1]:
                    source[entry[kind][0]] = our_package(folder, entry[kind][1])
        dependencies = list(target.get("target_dependencies", []))
        external = []
        for product in target.get("product_dependencies", []):
            package = source.get(product) if product in source else \
                (product_owners[product][0] if len(product_owners.get(product, [])) == 1 else None)
            if package is not None and product in vends.get(package, {}):
                dependencies += [t for t in vends[package][product] if t not in dependencies]
            else:
                external.append(product)
        targets[name] = dict(target, package=folder, path=relative(os.path.join(root, folder, target["path"])),
                             target_dependencies=dependencies, product_dependencies=external)
twice = {name: folders for name, folders in owners.items() if len(folders) > 1}
check(not twice, f"no two packages declare a target of the same name ({len(targets)} targets)"
      + "".join(f"\n  {name}: {', '.join(folders)}" for name, folders in sorted(twice.items())))
names = {}
for folder, manifest in list(manifests.items()) + [(f, m) for f, m in others.items() if m is not None]:
    names.setdefault(manifest.get("name"), []).append(folder)
same = {name: folders for name, folders in names.items() if len(folders) > 1}
check(manifests and not same, f"the packages' manifest names are unique ({', '.join(sorted(map(str, names)))})"
      + "".join(f"\n  {name!r}: {', '.join(folders)}" for name, folders in sorted(same.items())))


def feature_of(target):
    match = re.match(r"Modules/Features/([^/]+)/", targets[target]["path"] + "/")
    return match.group(1) if match else None


def closure(name):
    seen, stack = set(), [name]
    while stack:
        for dependency in targets[stack.pop()].get("target_dependencies", []):
            if dependency in targets and dependency not in seen:
                seen.add(dependency)
                stack.append(dependency)
    return seen


def packages(names):
    return {p for n in names for p in targets[n].get("product_dependencies", [])}


def is_test(target):
    return targets[target].get("type") == "test"


# Each feature folder is a package of its own, with its host and its tests, and no other feature's package.
for feature in feature_folders(root):
    folder = "Modules/Features/" + feature
    if feature not in features_with_package:
        check(False, f"{feature}: {folder} has a Package.swift")
        continue
    if folder not in descriptions:
        continue
    own_targets = {t["name"]: t for t in descriptions[folder].get("targets", [])}
    host, tests = own_targets.get(feature + "Host"), own_targets.get(feature + "Tests")
    problems = []
    if not host or host.get("type") != "executable" or host.get("path") != "Host":
        problems.append(f"no executable {feature}Host at Host" + (f" ({host.get('type')} at {host.get('path')})"
                                                                  if host else ""))
    if not tests or tests.get("type") != "test" or tests.get("path") != f"Tests/{feature}Tests":
        problems.append(f"no test target {feature}Tests at Tests/{feature}Tests"
                        + (f" ({tests.get('type')} at {tests.get('path')})" if tests else ""))
    check(not problems, f"{feature}: a package ({descriptions[folder].get('name')}) with its host {feature}Host and "
          f"its tests {feature}Tests" + "".join(f"\n  {p}" for p in problems))
    products = vends[folder]
    slice_targets = sorted(set(own_targets) - {feature + "Host", feature + "Tests"})
    wanted = {feature + "Feature": ("library", [feature + "Feature"]),
              feature + "Testing": ("library", [feature + "Testing"]),
              feature + "Slice": ("library", slice_targets), feature + "Host": ("executable", [feature + "Host"])}
    wrong = []
    for name, (kind, want) in wanted.items():
        found = (kinds[folder][name], sorted(products[name])) if name in products else None
        if found != (kind, want):
            wrong.append(f"{name}: {'the ' + found[0] + ' of ' + ', '.join(found[1]) if found else 'not declared'}, "
                         f"not the {kind} of {', '.join(want)}")
    check(not wrong, f"{feature}: its manifest declares the products {', '.join(wanted)} ({feature}Slice: every "
          "target but the host and the tests)" + "".join(f"\n  {w}" for w in wrong))
    others = []
    for dependency in manifests[folder].get("dependencies", []):
        for kind in ("fileSystem", "sourceControl"):
            for entry in dependency.get(kind, []):
                path = entry.get("path") or (entry.get("location", {}).get("local") or [None])[0]
                if not path:
                    continue
                target = relative(os.path.join(root, folder, path))
                match = re.fullmatch(r"Modules/Features/([^/]+)", target)
                if match and match.group(1) != feature:
                    others.append(f"{entry.get('identity')} ({target})")
    check(not others, f"{feature}'s manifest depends on no other feature's package"
          + (f" (depends on {', '.join(others)})" if others else ""))

features = sorted({feature_of(t) for t in targets if feature_of(t)})
check(len(features) > 0, f"features found: {', '.join(features)}")
interface_folders = {t for t in targets if targets[t]["path"].startswith("Modules/Interfaces/")}
interface_doubles = {t for t in interface_folders if t.endswith(DOUBLE_SUFFIX)}
interface_targets = interface_folders - interface_doubles
for interface in sorted(interface_targets):
    extra = (set(targets[interface].get("target_dependencies", [])) - set(KITS)) \
        | set(targets[interface].get("product_dependencies", []))
    check(not extra, f"{interface} depends on the kits alone"
          + (f" (also: {', '.join(sorted(extra))})" if extra else ""))
for double in sorted(interface_doubles):
    allowed = set(KITS) | set(KIT_TESTING) | {double[:-len("Testing")]}
    extra = (set(targets[double].get("target_dependencies", [])) - allowed) \
        | set(targets[double].get("product_dependencies", []))
    check(not extra, f"{double} depends on its interface, the kits and their test support alone"
          + (f" (also: {', '.join(sorted(extra))})" if extra else ""))
# Test doubles stay out of the product: what the app is built from never builds a test-support target.
test_support = {t for t in targets if targets[t]["package"] == TEST_KITS_PACKAGE} | set(KIT_TESTING) \
    | interface_doubles | {feature + "Testing" for feature in features}
product = [t for t in targets if t in KITS or t in interface_targets or t == "app"
           or (feature_of(t) and t not in test_support and not is_test(t))]
built = {t: sorted(closure(t) & test_support) for t in product}
check(product and not any(built.values()),
      f"no kit, interface, feature layer, host or the app builds a test double ({len(product)} targets)"
      + "".join(f"\n  {t} builds {', '.join(b)}" for t, b in sorted(built.items()) if b))
for feature in features:
    own = {t for t in targets if feature_of(t) == feature}
    layer_targets = [feature + layer for layer in LAYERS]
    check(all(t in own for t in layer_targets),
          f"{feature}: {len(own)} targets under Modules/Features/{feature}, its four layers among them")
    host, tests = feature + "Host", feature + "Tests"
    extras = {t for t in own if (targets[t]["path"].split("/") + [""])[3] not in set(LAYERS) | NOT_EXTRAS}
    for index, target in enumerate(layer_targets):
        if target not in targets:
            continue
        below = {layer_targets[index - 1]} if index > 0 else extras
        if LAYERS[index] in INTERFACE_LAYERS:
            below = below | interface_targets
        direct = set(targets[target].get("target_dependencies", []))
        check(direct <= set(KITS) | below,
              f"{target} depends only on {', '.join(sorted(below)) or 'no feature target'} and the kits"
              + ("" if direct <= set(KITS) | below else f" (also: {', '.join(sorted(direct - set(KITS) - below))})"))
    if host in targets:
        direct = set(targets[host].get("target_dependencies", [])) - set(KITS) - {feature + "Feature"}
        external = set(targets[host].get("product_dependencies", [])) - {"ArgumentParser"}
        check(not direct and not external, f"{host} depends only on {feature}Feature, the kits and ArgumentParser"
              + (f" (also: {', '.join(sorted(direct | external))})" if direct or external else ""))
    for target in sorted(own):
        if is_test(target):
            continue
        others = {t for t in closure(target) if feature_of(t) not in (None, feature)}
        check(not others, f"{target} builds no other feature's target"
              + (f" (builds {', '.join(sorted(others))})" if others else ""))
        used = {d for d in targets[target].get("target_dependencies", []) if d in interface_targets}
        if not any(target == feature + layer for layer in INTERFACE_LAYERS):
            check(not used, f"{target} depends on no interface (only the use-case and feature layers may)"
                  + (f" (depends on {', '.join(sorted(used))})" if used else ""))
    if tests in targets:
        others = {t for t in closure(tests) if feature_of(t) not in (None, feature)}
        check(not others, f"{tests} builds no other feature's target (it stands in for them with interface doubles)"
              + (f" (builds {', '.join(sorted(others))})" if others else ""))
    top = feature + "Feature"
    if top in targets:
        shipped = {t for t in own if not is_test(t)}
        allowed = packages(set(KITS) & set(targets) | shipped) \
            | packages({d for k in KITS if k in targets for d in closure(k)})
        pulled = packages(closure(top) | {top}) - allowed
        check(not pulled, f"{top} pulls in no package of another feature"
              + (f" (pulls {', '.join(sorted(pulled))})" if pulled else ""))

# Words that name a feature: its name, the origin names it declares, the variables of its settings (read from its
# sources, not its tests).
words = set()
for feature in features:
    words.add(feature)
    folder = os.path.join(root, "Modules/Features", feature)
    for directory, subdirectories, files in walk(folder):
        if directory == folder:
            subdirectories[:] = [d for d in subdirectories if d != "Tests"]
        for file in files:
            if not file.endswith(".swift") or file == "Package.swift":
                continue
            text = open(os.path.join(directory, file), encoding="utf-8").read()
            words.update(re.findall(r'Name\("([A-Za-z]+)"\)', text))
            if "Setting." in text:
                words.update(re.findall(r'"([A-Z][A-Z0-9_]{3,})"', text))
words.discard("demo")
pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, words))) + r")", re.IGNORECASE)
mentions = []
for folder in KIT_FOLDERS:
    for directory, _, files in walk(os.path.join(root, folder)):
        for file in files:
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                if pattern.search(line):
                    mentions.append(f"{os.path.relpath(path, root)}:{number}: {line.strip()}")
read = [f for f in KIT_FOLDERS if os.path.isdir(os.path.join(root, f))]
check(words and len(read) == len(KIT_FOLDERS) and not mentions,
      f"the kits and the app name no feature ({', '.join(sorted(words))})"
      + "".join(f"\n  missing: {f}" for f in KIT_FOLDERS if f not in read)
      + ("".join("\n  " + m for m in mentions[:10])))

report_imports(root)

print(f"slices: {len(failures)} check(s) failed" if failures else "slices: all checks passed")
sys.exit(1 if failures else 0)
