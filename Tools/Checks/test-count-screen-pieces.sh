#!/usr/bin/env bash
# Proves what count-screen-pieces counts, on a small feature of its own: the types a screen's entries name, followed
# through the feature; one hop into the kits; another command or screen counted where named and not followed; a
# feature's extension of a kit type in a file without types counted with that kit type; comments and strings left
# out; and a screen whose entry is missing reported, with exit 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

feature="$work/Modules/Features/Demo"
kits="$work/Modules/Kits/FeatureKit"
mkdir -p "$feature/Feature" "$feature/Presenter" "$feature/Tests/DemoTests" "$kits" "$work/Modules/Kits/Tests"

cat >"$kits/Kit.swift" <<'EOF'
public protocol ContainerCommand {}
public protocol ReadingScreen {}
public struct SourceOptions<Help> {
  struct Parsed {}
  let parsed: Parsed
}
public struct ActionLine<State> {
  let said: KitInternal
}
public struct KitInternal {}
public struct NeverNamed {}
EOF
cat >"$kits/Second.swift" <<'EOF'
public struct Spinner {}
EOF
cat >"$feature/Feature/DemoCommand.swift" <<'EOF'
/// `app demo`: its subcommands, and a mention of Spinner in a comment.
struct DemoGroup: ParsableCommand {
  static let subcommands = [DemoListCommand.self, DemoShowCommand.self]
}

struct DemoListCommand: ContainerCommand {
  let source: SourceOptions<DemoGroup>
  func run() {
    let view = ListView(presenter: ListPresenter())
    print("NeverNamed \(view)")
  }
}

struct DemoShowCommand: ContainerCommand {
  let view: ShowView
}
EOF
cat >"$feature/Feature/DemoScreens.swift" <<'EOF'
final class DemoListScreen: ReadingScreen {
  func open() -> DemoShowScreen { DemoShowScreen() }
  let line: ActionLine<Mark>
}

final class DemoShowScreen: ReadingScreen {
  let view = ShowView()
}
EOF
cat >"$feature/Feature/Glue.swift" <<'EOF'
extension ActionLine: MarkView where State == Mark {}
EOF
cat >"$feature/Presenter/Presenters.swift" <<'EOF'
struct ListPresenter {
  enum Phase { case loading, shown }
}
struct ListView {
  let presenter: ListPresenter
}
struct ShowView {
  let spinner: Spinner
}
protocol MarkView {}
struct Mark {}
EOF
cat >"$feature/Tests/DemoTests/DemoTests.swift" <<'EOF'
struct DemoTests { let view: ShowView; let unused: NeverNamed }
EOF

count() { python3 "$root/Tools/Checks/count-screen-pieces.py" "$work" --list --screen "$1"; }

# The command: its group counted and not followed (so DemoShowCommand and ShowView are not), the presenter and the
# view it names with their nested type, the kit's SourceOptions with its own nested type (the kit's types it names
# are not followed), nothing from a string or a comment.
output=$(count Demo:DemoListCommand)
expected="Demo (DemoListCommand): 3 files (2 of the feature, 1 of the kits), 8 types; the demo origin 0 files, 0 types
  Modules/Features/Demo/Feature/DemoCommand.swift: DemoListCommand, DemoGroup
  Modules/Features/Demo/Presenter/Presenters.swift: ListPresenter, Phase, ListView
  Modules/Kits/FeatureKit/Kit.swift: ContainerCommand, SourceOptions, Parsed"
[ "$output" = "$expected" ] || { printf 'FAILED: the command counted\n%s\nnot\n%s\n' "$output" "$expected"; exit 1; }
echo "ok: a command's group is counted and not followed; strings and comments are left out"

# The screen: the screen it opens counted and not followed (so ShowView and Spinner are not); ActionLine brings the
# glue file that extends it, and that file's names (MarkView, which nothing else names).
output=$(count Demo:DemoListScreen)
expected="Demo (DemoListScreen): 3 files (2 of the feature, 1 of the kits), 6 types; the demo origin 0 files, 0 types
  Modules/Features/Demo/Feature/DemoScreens.swift: DemoListScreen, DemoShowScreen
  Modules/Features/Demo/Presenter/Presenters.swift: Mark, MarkView
  Modules/Kits/FeatureKit/Kit.swift: ActionLine, ReadingScreen"
[ "$output" = "$expected" ] || { printf 'FAILED: the screen counted\n%s\nnot\n%s\n' "$output" "$expected"; exit 1; }
echo "ok: the screen another opens is counted and not followed; a kit type's extension in a file without types counts"

# A screen whose entry does not exist says so and fails.
if output=$(python3 "$root/Tools/Checks/count-screen-pieces.py" "$work" --screen Demo:Nowhere); then
  echo "FAILED: a missing entry passed"; exit 1
fi
[ "$output" = "Demo (Nowhere): no type Nowhere in Modules/Features/Demo" ] || { echo "FAILED: said $output"; exit 1; }
echo "ok: a missing entry is named, with exit 1"
