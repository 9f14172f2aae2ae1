#!/usr/bin/env python3
"""Checks that the README's walk-throughs name what the sources declare, by name and by signature.

Usage: check-readme-types.py <package directory> [<scratch path>, default <package directory>/.build]
       check-readme-types.py --self-test

In the sections "The path of a request", "One screen, end to end", "One change, end to end" and "Glossary", a name in
backticks that starts with a capital letter counts as a type (`Store.stream` names the type `Store` and its member
`stream`); it must be declared as a struct, class, enum, protocol, actor or typealias under Modules/, Tools/ or
Apps/ (build folders, `.build*`, aside), and a member after the dot as a func, var, let or case. A kit's name alone
(`FeatureKit`, a folder of Modules/Kits or Modules/TestKits) names its module.

Anywhere in the README but its Performance section (which quotes other libraries), a function or enum case quoted with
its argument labels (`run(in:)`, `Store.write(_:for:)`, `Store.stream(key, policy:)`: a word without a colon stands
for an unlabeled argument) must be declared with exactly those labels, on that type when one is named (in a file that
declares or extends it); a parameter quoted as declared (`screens(in: ScreenContext)`) counts by its label. Default
arguments may be left out of a quote, as a call leaves them out. Generated sources count once a build has made them
(`make test` runs the check after the build).

Prints one line a section and exits 1 at the first section that quotes what the sources do not declare.
"""
import os
import re
import sys

SECTIONS = ["### The path of a request", "### One screen, end to end", "### One change, end to end", "### Glossary"]
CODE = re.compile(r"`([^`\n]+)`")
NAME = re.compile(r"^([A-Z][A-Za-z0-9]*)(?:\.([a-z][A-Za-z0-9]*))?")
# `name(labels)` or `Type.name(labels)`; labels are `label:`, `_:` or a bare word (an unlabeled argument).
CALL = re.compile(r"(?:\b([A-Z]\w*)\.)?\b([a-z]\w*)\(((?:\s*\w+(?::\s*\w*)*\s*,?)*)\)")
# A function, or an enum case with associated values (`failed(_:)`).
FUNC = re.compile(r"\b(?:func|case)\s+([a-z]\w*)\s*(?:<[^>{}]*>)?\s*\(")
# What the README quotes of other libraries (Swinject's `synchronize()`), which the checks skip.
FOREIGN = "\n## Performance"


def names(section):
    found = []
    for code in CODE.findall(section):
        match = NAME.match(code)
        if match:
            found.append((match.group(1), match.group(2)))
    return found


def calls(text):
    """Every `name(labels)` quoted in `text`: (type or None, name, [label, ...]), `_` for an unlabeled argument."""
    found = []
    for code in CODE.findall(text):
        for match in CALL.finditer(code):
            labels = []
            for piece in (p.strip() for p in match.group(3).split(",")):
                if re.fullmatch(r"(?:\w+:)+", piece):  # a selector: `_:for:`
                    labels += piece[:-1].split(":")
                elif ":" in piece:  # a parameter as declared: `in: ScreenContext`, `for key: String`
                    labels.append(piece.split(":")[0].split()[0])
                elif piece:  # an argument as called: `key`
                    labels.append("_")
            found.append((match.group(1), match.group(2), labels))
    return found


def section_of(readme, heading):
    start = readme.index(heading)
    end = readme.find("\n## ", start + len(heading))
    following = readme.find("\n### ", start + len(heading))
    ends = [e for e in (end, following) if e != -1]
    return readme[start:min(ends)] if ends else readme[start:]


def source_files(root, scratch):
    files = []
    # The generated sources too (the app's feature registry), once a build has made them.
    folders = [os.path.join(root, folder) for folder in ("Modules", "Tools", "Apps")]
    for folder in folders + [os.path.join(scratch, "plugins", "outputs")]:
        for directory, subdirectories, names_ in os.walk(folder):
            subdirectories[:] = [d for d in subdirectories if not d.startswith(".") or folder.endswith("outputs")]
            files += [open(os.path.join(directory, f), encoding="utf-8").read() for f in names_ if f.endswith(".swift")]
    return files


def parameters(text, start):
    """The parameter list of the declaration whose `(` is at `start`: each parameter's (label, has default)."""
    depth, index = 0, start
    while index < len(text):
        depth += {"(": 1, ")": -1}.get(text[index], 0)
        if depth == 0:
            break
        index += 1
    inner = text[start + 1:index]
    pieces, depth, current = [], 0, ""
    for position, character in enumerate(inner):
        if character in "([<{":
            depth += 1
        elif character in ")]>}" and inner[position - 1:position + 1] != "->":  # a closure's arrow closes nothing
            depth -= 1
        if character == "," and depth == 0:
            pieces.append(current)
            current = ""
        else:
            current += character
    if current.strip():
        pieces.append(current)
    result = []
    for piece in pieces:
        piece = re.sub(r"//[^\n]*", "", piece)
        if ":" not in piece:  # an enum case's unlabeled associated value
            result.append(("_", False))
            continue
        head = piece.split(":", 1)[0].split()
        if not head:
            continue
        result.append((head[0], "=" in piece.split(":", 1)[-1]))
    return result


def declared(name, labels, files):
    """Whether some file's `func name(...)` takes exactly `labels`, the defaulted ones possibly left out."""
    for text in files:
        for match in FUNC.finditer(text):
            if match.group(1) != name:
                continue
            params = parameters(text, match.end() - 1)
            if accepts(params, labels):
                return True
    return False


def accepts(params, labels):
    index = 0
    for label, has_default in params:
        if index < len(labels) and labels[index] == label:
            index += 1
        elif not has_default:
            return False
    return index == len(labels)


def declares_or_extends(text, type_name):
    return re.search(rf"\b(?:struct|class|enum|protocol|actor|extension)\s+{type_name}\b", text) is not None


def missing(section, sources, modules=()):
    problems = []
    for type_name, member in names(section):
        if type_name in modules and not member:
            continue
        if not re.search(rf"\b(?:struct|class|enum|protocol|actor|typealias)\s+{type_name}\b", sources):
            problems.append(type_name)
        elif member and not re.search(rf"\b(?:func|var|let|case)\s+{member}\b", sources):
            problems.append(f"{type_name}.{member}")
    return sorted(set(problems))


def wrong_signatures(text, files):
    problems = []
    for type_name, name, labels in calls(text):
        scope = [f for f in files if declares_or_extends(f, type_name)] if type_name else files
        if not declared(name, labels, scope):
            quoted = f"{type_name + '.' if type_name else ''}{name}({''.join(label + ':' for label in labels)})"
            problems.append(quoted)
    return sorted(set(problems))


if len(sys.argv) > 1 and sys.argv[1] == "--self-test":
    source = """public struct Store {
  func stream(_ key: Key, policy: CachePolicy = .standard) {}
  func write(_ value: Int, for key: String) async throws {}
}
"""
    kind = "enum Kind { case done }\nextension Kind { func run(in context: (Int, Int)) {} }"
    assert missing("`Store`, `Store.stream`, `Kind.done`, `app courses`", source + kind) == []
    assert missing("`Store.fetch` and `NoSuchType`", source + kind) == ["NoSuchType", "Store.fetch"]
    files = [source, kind, "struct Other { func onAppear(limit: Int, policy: Int) {} }"]
    assert wrong_signatures(
        "`Store.stream(key, policy:)`, `Store.stream(_:)`, `Store.write(_:for:)`, `Kind.run(in:)`, `run(in:)`", files
    ) == []
    files.append("enum Related { case failed(String) }\nprotocol Plugin { static func screens(in context: Int) }")
    assert wrong_signatures("`failed(_:)`, `static func screens(in: ScreenContext)`, `Store.stream(_:policy:)`", files) == []
    assert wrong_signatures("`failed(reason:)` and `screens(of: Int)`", files) == ["failed(reason:)", "screens(of:)"]
    assert wrong_signatures("`Store.write(_:to:)` and `Other.onAppear(policy:)` and `Kind.write(_:for:)`", files) == [
        "Kind.write(_:for:)", "Other.onAppear(policy:)", "Store.write(_:to:)"]
    print("readme types: the self-test catches a missing type, a missing member and a wrong signature")
    sys.exit(0)

root = sys.argv[1] if len(sys.argv) > 1 else "."
scratch = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, ".build")
readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
files = source_files(root, scratch)
# A kit's name (`Repository`, `FeatureKit`, a test kit's `TestSupport`) names its module: a folder of the packages
# under Modules/ (the kits', the test kits', the interfaces'), or one of those packages' own folders.
modules = set()
for folder in ["Modules"] + [os.path.join("Modules", p) for p in ("Kits", "TestKits", "Interfaces")]:
    path = os.path.join(root, folder)
    if os.path.isdir(path):
        modules.update(f for f in os.listdir(path) if os.path.isdir(os.path.join(path, f)) and not f.startswith("."))
sources = "\n".join(files)
for heading in SECTIONS:
    section = section_of(readme, heading)
    problems = missing(section, sources, modules)
    count = len(set(names(section)))
    title = heading.lstrip("# ")
    if problems:
        print(f"FAILED: the README's \"{title}\" names what the sources do not declare: {', '.join(problems)}")
        sys.exit(1)
    print(f"readme types: the {count} names of \"{title}\" are all declared in the sources")
foreign = section_of(readme, FOREIGN.strip("\n"))
problems = wrong_signatures(readme.replace(foreign, ""), files)
if problems:
    print(f"FAILED: the README quotes functions the sources do not declare with those labels: {', '.join(problems)}")
    sys.exit(1)
print(f"readme signatures: the {len(set(map(str, calls(readme))))} functions the README quotes with their labels "
      "are declared so")
