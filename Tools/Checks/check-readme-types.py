#!/usr/bin/env python3
"""Checks that every type the README's "One screen, end to end" and "One change, end to end" sections name is
declared in the sources.

Usage: check-readme-types.py <package directory>
       check-readme-types.py --self-test

A name in backticks that starts with a capital letter counts as a type (`Store.stream` names the type `Store` and its
member `stream`); it must be declared as a struct, class, enum, protocol, actor or typealias under Modules/ or
Tools/, and a member after the dot as a func, var, let or case. Prints one line and exits 1 when a name is missing.
"""
import os
import re
import sys

SECTIONS = ["### One screen, end to end", "### One change, end to end"]
CODE = re.compile(r"`([^`]+)`")
NAME = re.compile(r"^([A-Z][A-Za-z0-9]*)(?:\.([a-z][A-Za-z0-9]*))?")


def names(section):
    found = []
    for code in CODE.findall(section):
        match = NAME.match(code)
        if match:
            found.append((match.group(1), match.group(2)))
    return found


def section_of(readme, heading):
    start = readme.index(heading)
    end = readme.find("\n## ", start + len(heading))
    following = readme.find("\n### ", start + len(heading))
    ends = [e for e in (end, following) if e != -1]
    return readme[start:min(ends)] if ends else readme[start:]


def declarations(root):
    text = []
    for folder in ("Modules", "Tools"):
        for directory, _, files in os.walk(os.path.join(root, folder)):
            text += [open(os.path.join(directory, f), encoding="utf-8").read() for f in files if f.endswith(".swift")]
    return "\n".join(text)


def missing(section, sources):
    problems = []
    for type_name, member in names(section):
        if not re.search(rf"\b(?:struct|class|enum|protocol|actor|typealias)\s+{type_name}\b", sources):
            problems.append(type_name)
        elif member and not re.search(rf"\b(?:func|var|let|case)\s+{member}\b", sources):
            problems.append(f"{type_name}.{member}")
    return sorted(set(problems))


if len(sys.argv) > 1 and sys.argv[1] == "--self-test":
    sources = "public struct Store {\n  func stream() {}\n}\nenum Kind { case done }"
    assert missing("`Store`, `Store.stream`, `Kind.done`, `app courses`", sources) == []
    assert missing("`Store.fetch` and `NoSuchType`", sources) == ["NoSuchType", "Store.fetch"]
    print("readme types: the self-test catches a missing type and a missing member")
    sys.exit(0)

root = sys.argv[1] if len(sys.argv) > 1 else "."
readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
sources = declarations(root)
for heading in SECTIONS:
    section = section_of(readme, heading)
    problems = missing(section, sources)
    count = len(set(names(section)))
    title = heading.lstrip("# ")
    if problems:
        print(f"FAILED: the README's \"{title}\" names what the sources do not declare: {', '.join(problems)}")
        sys.exit(1)
    print(f"readme types: the {count} names of \"{title}\" are all declared in the sources")
