#!/usr/bin/env python3
"""Counts the pieces a screen takes: the files and the types (struct, enum, class, actor, protocol; nested and
private included) from the origin's answer down to the terminal text, for each screen below.

Usage: count-screen-pieces.py [<repository root>] [--list] [--screen <Feature>:<Entry>,<Entry>...]

A screen starts at its entry types (its line command and its `app ui` screen) and takes, type by type:

- every type of its feature (Modules/Features/<Name>: its layers and extras; not its tests, its `Testing` target
  or its host) that a counted type of the feature names, in its declaration or in an extension of it, followed to
  the end (an extension of another module's type counts with the types of its file; in a file that declares no type,
  with the type it extends, where that is a kit type the screen names);
- where a counted type names another command or screen (a type conforming to a command or screen protocol, other
  than the entry types), that type counts and is not followed: the screen ends where another screen or command
  begins (the home's command group names its sibling commands; a screen names the screen its Enter opens);
- every kit type (Modules/Kits/<Kit>) that a counted feature type names: one hop into the kits, not followed
  further (the kits' own machinery is shared by every screen, and counted where a feature names it);
- apart, the types of a demo origin (the feature's `Demo` folder) reached the same way.

A name counts where the code says it (comments and string literals are left out). A counted type brings its
nested types; the files are those declaring a counted type. `--list` prints every file with the types counted in
it; without it, one line per screen. `--screen` counts that screen instead of the two below (its test's fixture).
"""
import os
import re
import sys

SCREENS = {
    "Courses home (`app courses`, its `app ui` screen)": ("Courses", ["CoursesHomeCommand", "CoursesHomeScreen"]),
    "Search results (`app search <query>`, its `app ui` screen)": ("Search", ["SearchQueryCommand", "SearchScreen"]),
}
MODIFIERS = r"(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|final|indirect|" \
    r"nonisolated|static)\s+)*"
DECLARATION = re.compile(r"^\s*" + MODIFIERS + r"(struct|enum|class|actor|protocol)\s+([A-Z]\w*)", re.M)
TOP = re.compile(r"^" + MODIFIERS + r"(struct|enum|class|actor|protocol|extension|typealias)\s+([A-Z][\w.]*)")
NAME = re.compile(r"\b[A-Z]\w*\b")
SKIPPED = {"Tests", "Testing", "Host"}
ENTRY_PROTOCOLS = {"ParsableCommand", "AsyncParsableCommand", "ContainerCommand", "LocalCommand", "ReadingScreen",
                   "InteractiveScreen"}


def code_of(text):
    """The text without comments and string literals."""
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    lines = []
    for line in text.split("\n"):
        line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
        lines.append(line.split("//")[0])
    return "\n".join(lines)


def sources(folder, skipped=()):
    found = []
    for directory, subdirectories, files in os.walk(folder):
        subdirectories[:] = sorted(d for d in subdirectories if not d.startswith(".") and d not in skipped)
        found += [os.path.join(directory, f) for f in sorted(files) if f.endswith(".swift") and f != "Package.swift"]
    return found


class Item:
    """A top-level declaration or extension: its kind, its name, its text, and the nested types it declares."""

    def __init__(self, path, kind, name, text):
        self.path, self.kind, self.name, self.text = path, kind, name.split(".")[0], text
        self.names = set(NAME.findall(text))
        self.nested = [m.group(2) for m in DECLARATION.finditer(text)][0 if kind in ("extension", "typealias") else 1:]


def items_of(root, path):
    """The file's top-level items: from a declaration's first line to its closing brace."""
    code = code_of(open(path, encoding="utf-8").read()).split("\n")
    relative = os.path.relpath(path, root)
    items, depth, current = [], 0, None
    for line in code:
        if depth == 0 and current is None:
            match = TOP.match(line)
            if match:
                current = [match.group(1), match.group(2), []]
        if current is not None:
            current[2].append(line)
        depth += line.count("{") - line.count("}")
        if current is None:
            continue
        text = "\n".join(current[2])
        # A declaration ends at its closing brace; a typealias where its generic brackets close.
        ends = "{" in text and depth == 0 if current[0] != "typealias" else \
            text.count("<") == text.count(">") and not text.rstrip().endswith(("=", "<", ","))
        if ends:
            items.append(Item(relative, current[0], current[1], text))
            current = None
    return items


def count(root, feature, entries):
    feature_items = [i for p in sources(os.path.join(root, "Modules/Features", feature), SKIPPED)
                     for i in items_of(root, p)]
    kit_items = [i for p in sources(os.path.join(root, "Modules/Kits"), {"Tests", "Plugins"}) for i in items_of(root, p)]
    types = {i.name: i for i in feature_items if i.kind != "extension"}
    kit_types = {i.name: i for i in kit_items if i.kind != "extension"}
    # A typealias is followed like a type (to what it names), and counts no type of its own.
    extensions = {}
    glue = {}  # a file's extensions of types its feature does not declare
    for item in feature_items:
        if item.kind != "extension":
            continue
        if item.name in types:
            extensions.setdefault(item.name, []).append(item)
        else:
            glue.setdefault(item.path, []).append(item)
    # Another command or screen: counted where named, not followed.
    boundary = {item.name for item in feature_items
                if ENTRY_PROTOCOLS & set(NAME.findall(item.text.split("{")[0]))} - set(entries)
    missing = [name for name in entries if name not in types]
    counted, queue, glued = [], [name for name in entries if name in types], set()
    kits = set()
    typed = {item.path for item in types.values()}

    def follow(part):
        for other in sorted(part.names):
            if other in types and other not in counted:
                queue.append(other)
            elif other not in types and other in kit_types:
                kits.add(other)

    while True:
        while queue:
            name = queue.pop(0)
            if name in counted:
                continue
            counted.append(name)
            if name in boundary:
                continue
            parts = [types[name]] + extensions.get(name, [])
            if types[name].path not in glued:
                glued.add(types[name].path)
                parts += glue.get(types[name].path, [])
            for part in parts:
                follow(part)
        # A feature's extension of a kit type, in a file that declares no type, counts once the screen names the
        # kit type it extends (`extension ActionLine: SomeView`).
        loose = [(path, item) for path, items in sorted(glue.items()) if path not in glued and path not in typed
                 for item in items if item.name in kits]
        if not loose:
            break
        for path, item in loose:
            glued.add(path)
            follow(item)
            # And the file's other extensions, as for any glue.
            for other in glue[path]:
                follow(other)
    # A kit typealias a feature names brings the kit types it names.
    for name in sorted(kits):
        if kit_types[name].kind == "typealias":
            kits |= {n for n in kit_types[name].names if n in kit_types and n not in types}
    chosen = [types[n] for n in counted] + [kit_types[n] for n in sorted(kits)]
    demo = [i for i in chosen if i.path.split(os.sep)[3:4] == ["Demo"]]
    return [i for i in chosen if i not in demo], demo, missing


def summary(items):
    files = {}
    for item in items:
        files.setdefault(item.path, []).extend(([] if item.kind == "typealias" else [item.name]) + item.nested)
    return files


def main():
    arguments, screens = [], SCREENS
    rest = iter(sys.argv[1:])
    for argument in rest:
        if argument == "--screen":
            feature, _, entries = next(rest, "").partition(":")
            screens = {f"{feature} ({entries})": (feature, entries.split(","))}
        elif not argument.startswith("--"):
            arguments.append(argument)
    root = os.path.realpath(arguments[0] if arguments else ".")
    listing = "--list" in sys.argv
    failed = False
    for screen, (feature, entries) in screens.items():
        shown, demo, missing = count(root, feature, entries)
        if missing:
            print(f"{screen}: no type {', '.join(missing)} in Modules/Features/{feature}")
            failed = True
            continue
        files, demo_files = summary(shown), summary(demo)
        own = [f for f in files if f.startswith("Modules/Features/")]
        print(f"{screen}: {len(files)} files ({len(own)} of the feature, {len(files) - len(own)} of the kits), "
              f"{sum(map(len, files.values()))} types; the demo origin {len(demo_files)} files, "
              f"{sum(map(len, demo_files.values()))} types")
        if listing:
            for path, names in sorted(files.items()) + sorted(demo_files.items()):
                print(f"  {path}: {', '.join(names)}")
    sys.exit(1 if failed else 0)


main()
