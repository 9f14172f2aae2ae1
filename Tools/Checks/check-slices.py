#!/usr/bin/env python3
"""Checks that every feature is a vertical slice, from the package description and the kits' sources.

Usage: check-slices.py <package directory>   (runs `swift package describe --type json` there)
       check-slices.py --imports <package directory>   (the import rules alone, from the sources)

- Every feature (a folder of Modules/Features with targets) has its four layer targets.
- Each layer target depends only on the layer below it in its feature (the repository layer: on the
  feature's own extra targets) and on the shared kits, never on another feature's targets.
- Building a feature compiles no other feature's source and no package only another feature uses
  (Search does not pull in GraphQL, which only Courses' demo origin uses).
- Features meet only at interfaces (Modules/Interfaces/<Name>Interface): an interface depends on the kits alone; of
  a feature's targets only its use-case layer (for the protocols it implements or uses) and its feature layer (for
  the route names of the screens it adds or opens) depend on an interface, its own or another feature's; no
  feature's target and no feature's tests build another feature's targets. An interface's double
  (Modules/Interfaces/<Name>InterfaceTesting) depends on its interface, the kits and their test support alone.
- Test doubles stay out of the product: no kit, interface, feature layer or the app builds a test-support target
  (a kit's, Tools/<Kit>Testing, or an interface's double).
- The shared kits and the app name no feature: no feature name, origin name or setting variable in their code.
- Every source file of a feature's layer (and of the scaffold's template) imports only what IMPORTS allows
  that layer: a presenter or a view never reaches the data layer, whatever SwiftPM would let it import.
- No file of a feature, an interface or the scaffold re-exports a module (`@_exported import`), and no presenter or
  view file (the plugin excepted) names the database, a type of Infrastructure or a store type: presentation sees
  the use cases' values only.
Prints one line per check and exits 1 when any fails.
"""
import json
import os
import re
import subprocess
import sys

KITS = ["DI", "CurlShim", "Infrastructure", "Repository", "UseCase", "Presenter", "FeatureKit"]
KIT_FOLDERS = ["Modules/" + kit for kit in ["DI", "Infrastructure", "Repository", "UseCase", "Presenter", "FeatureKit"]]
# The kits' test doubles: test support, apart from the kits, that no product builds; they name no feature either.
KIT_TESTING = ["InfrastructureTesting", "UseCaseTesting", "FeatureKitTesting"]
KIT_FOLDERS += ["Tools/" + target for target in KIT_TESTING]
KIT_FOLDERS.append("Apps")
LAYERS = ["Repository", "UseCase", "Presenter", "Feature"]

# What a source file of each layer may import, beside its own feature's targets named in OWN. SwiftPM lets a file
# import anything in its target's dependency closure; these rules hold at the `import` line instead.
SYSTEM = {"Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Synchronization"}
IMPORTS = {
    "Repository": SYSTEM | {"DI", "Infrastructure", "Repository", "CurlShim", "GRDB"},
    "UseCase": SYSTEM | {"DI", "Infrastructure", "Repository", "UseCase"},
    "Presenter": SYSTEM | {"DI", "Repository", "UseCase", "Presenter"},
    "Feature": SYSTEM | {"DI", "Infrastructure", "Repository", "UseCase", "Presenter", "FeatureKit", "ArgumentParser"},
}
# The feature's own targets each layer may import: the layer below (the repository layer: the feature's extra
# targets, such as a bundled demo origin).
OWN = {"Repository": ["<extras>"], "UseCase": ["Repository"], "Presenter": ["UseCase"],
       "Feature": ["Presenter", "UseCase"]}
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


def import_violations(root):
    """Every import a layer's rules forbid, as `path:line: message`, for the features and the scaffold."""
    sources = []  # (feature, layer, extras, path)
    features_dir = os.path.join(root, "Modules/Features")
    for feature in sorted(os.listdir(features_dir)) if os.path.isdir(features_dir) else []:
        folder = os.path.join(features_dir, feature)
        if not os.path.isdir(folder):
            continue
        folders = [f for f in sorted(os.listdir(folder)) if os.path.isdir(os.path.join(folder, f))]
        extras = [feature + f for f in folders if f not in LAYERS and f != "Testing"]
        for layer in LAYERS:
            for directory, _, files in os.walk(os.path.join(folder, layer)):
                sources += [(feature, layer, extras, os.path.join(directory, f)) for f in files
                            if f.endswith(".swift")]
    template = os.path.join(root, "Tools/Scaffold/Template")
    for layer in LAYERS:
        for directory, _, files in os.walk(os.path.join(template, layer)):
            sources += [("__NAME__", layer, [], os.path.join(directory, f)) for f in files
                        if f.endswith(".swift.template")]
    interfaces_dir = os.path.join(root, "Modules/Interfaces")
    folders = sorted(f for f in os.listdir(interfaces_dir) if os.path.isdir(os.path.join(interfaces_dir, f))) \
        if os.path.isdir(interfaces_dir) else []
    interfaces = [f for f in folders if not f.endswith(DOUBLE_SUFFIX)]
    doubles = [f for f in folders if f.endswith(DOUBLE_SUFFIX)]
    for interface in interfaces:
        for directory, _, files in os.walk(os.path.join(interfaces_dir, interface)):
            sources += [(None, "Interface", [], os.path.join(directory, f)) for f in files if f.endswith(".swift")]
    for double in doubles:
        own = double[:-len("Testing")]
        for directory, _, files in os.walk(os.path.join(interfaces_dir, double)):
            sources += [(None, "InterfaceTesting", [own], os.path.join(directory, f)) for f in files
                        if f.endswith(".swift")]
    # The scaffold's own interface and its double are templates too.
    interfaces.append("__NAME__Interface")
    for directory, _, files in os.walk(os.path.join(template, "Interface")):
        sources += [(None, "Interface", [], os.path.join(directory, f)) for f in files
                    if f.endswith(".swift.template")]
    for directory, _, files in os.walk(os.path.join(template, "InterfaceTesting")):
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
    for directory, _, files in os.walk(os.path.join(root, "Modules/Infrastructure")):
        for file in files:
            if file.endswith(".swift"):
                infrastructure.update(PUBLIC_TYPE.findall(open(os.path.join(directory, file), encoding="utf-8").read()))
    data_side = re.compile(r"\b(" + "|".join(sorted(infrastructure | STORE_TYPES)) + r")\b")
    problems = []
    folders = ["Modules/Features", "Modules/Interfaces", "Tools/Scaffold/Template"]
    for folder in folders:
        for directory, _, files in os.walk(os.path.join(root, folder)):
            for file in sorted(files):
                if not file.endswith((".swift", ".swift.template")):
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


def report_imports(root):
    count, problems = import_violations(root)
    check(count > 0 and not problems, f"{count} source files of the layers import only what their layer allows"
          + "".join("\n  " + p for p in problems[:20]))
    count, problems = presentation_leaks(root)
    check(count > 0 and not problems,
          "no feature re-exports a module, and presentation names no database, store or Infrastructure type "
          + f"({count} Infrastructure types known)" + "".join("\n  " + p for p in problems[:20]))


if len(sys.argv) > 2 and sys.argv[1] == "--imports":
    failures = []

    def check(ok, message):
        print(("ok: " if ok else "FAILED: ") + message)
        if not ok:
            failures.append(message)

    report_imports(sys.argv[2])
    sys.exit(1 if failures else 0)

root = sys.argv[1] if len(sys.argv) > 1 else "."
described = subprocess.run(
    ["swift", "package", "--package-path", root, "describe", "--type", "json"],
    check=True, capture_output=True, text=True).stdout
package = json.loads(described[described.index("{"):])
targets = {t["name"]: t for t in package["targets"]}
failures = []


def check(ok, message):
    print(("ok: " if ok else "FAILED: ") + message)
    if not ok:
        failures.append(message)


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


features = sorted({feature_of(t) for t in targets if feature_of(t)})
check(len(features) > 0, f"features found: {', '.join(features)}")
interface_folders = {t for t in targets if targets[t]["path"].startswith("Modules/Interfaces/")}
interface_doubles = {t for t in interface_folders if t.endswith(DOUBLE_SUFFIX)}
interface_targets = interface_folders - interface_doubles
for interface in sorted(interface_targets):
    direct = set(targets[interface].get("target_dependencies", []))
    check(direct <= set(KITS) and not targets[interface].get("product_dependencies"),
          f"{interface} depends on the kits alone"
          + ("" if direct <= set(KITS) else f" (also: {', '.join(sorted(direct - set(KITS)))})"))
for double in sorted(interface_doubles):
    direct = set(targets[double].get("target_dependencies", []))
    allowed = set(KITS) | set(KIT_TESTING) | {double[:-len("Testing")]}
    check(direct <= allowed and not targets[double].get("product_dependencies"),
          f"{double} depends on its interface, the kits and their test support alone"
          + ("" if direct <= allowed else f" (also: {', '.join(sorted(direct - allowed))})"))
# Test doubles stay out of the product: what the app is built from never builds a test-support target.
test_support = set(KIT_TESTING) | interface_doubles
product = [t for t in targets if t in KITS or t in interface_targets or t == "app"
           or (feature_of(t) and not t.endswith("Testing") and targets[t].get("type") != "test")]
built = {t: sorted(closure(t) & test_support) for t in product}
check(product and not any(built.values()),
      f"no kit, interface, feature layer or the app builds a test double ({len(product)} targets)"
      + "".join(f"\n  {t} builds {', '.join(b)}" for t, b in sorted(built.items()) if b))
for feature in features:
    own = {t for t in targets if feature_of(t) == feature}
    layer_targets = [feature + layer for layer in LAYERS]
    check(all(t in own for t in layer_targets),
          f"{feature}: {len(own)} targets under Modules/Features/{feature}, its four layers among them")
    extras = own - set(layer_targets) - {feature + "Testing"}
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
    for target in sorted(own):
        others = {t for t in closure(target) if feature_of(t) not in (None, feature)}
        check(not others, f"{target} builds no other feature's target"
              + (f" (builds {', '.join(sorted(others))})" if others else ""))
        used = {d for d in targets[target].get("target_dependencies", []) if d in interface_targets}
        if not any(target == feature + layer for layer in INTERFACE_LAYERS):
            check(not used, f"{target} depends on no interface (only the use-case and feature layers may)"
                  + (f" (depends on {', '.join(sorted(used))})" if used else ""))
    tests = feature + "Tests"
    if tests in targets:
        others = {t for t in closure(tests) if feature_of(t) not in (None, feature)}
        check(not others, f"{tests} builds no other feature's target (it stands in for them with interface doubles)"
              + (f" (builds {', '.join(sorted(others))})" if others else ""))
    top = feature + "Feature"
    if top in targets:
        allowed = packages(set(KITS) | own) | packages({d for k in KITS if k in targets for d in closure(k)})
        pulled = packages(closure(top) | {top}) - allowed
        check(not pulled, f"{top} pulls in no package of another feature"
              + (f" (pulls {', '.join(sorted(pulled))})" if pulled else ""))

# Words that name a feature: its name, the origin names it declares, the variables of its settings.
words = set()
for feature in features:
    words.add(feature)
    folder = os.path.join(root, "Modules/Features", feature)
    for directory, _, files in os.walk(folder):
        for file in files:
            if not file.endswith(".swift"):
                continue
            text = open(os.path.join(directory, file), encoding="utf-8").read()
            words.update(re.findall(r'Name\("([A-Za-z]+)"\)', text))
            if "Setting." in text:
                words.update(re.findall(r'"([A-Z][A-Z0-9_]{3,})"', text))
words.discard("demo")
pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, words))) + r")", re.IGNORECASE)
mentions = []
for folder in KIT_FOLDERS:
    for directory, _, files in os.walk(os.path.join(root, folder)):
        for file in files:
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                if pattern.search(line):
                    mentions.append(f"{os.path.relpath(path, root)}:{number}: {line.strip()}")
check(not mentions, f"the kits and the app name no feature ({', '.join(sorted(words))})"
      + ("".join("\n  " + m for m in mentions[:10])))

report_imports(root)

print(f"slices: {len(failures)} check(s) failed" if failures else "slices: all checks passed")
sys.exit(1 if failures else 0)
