# Sourced by the checks that prove a broken dependency graph fails a build (the scaffold test, check-graph-plugin.sh).
#
# break_graph <assembly file> <prefix> <saved copy>: keeps the file as it is in <saved copy>, then adds to it a
# service <prefix>Broken whose registration, first in assemble(into:), asks for <prefix>MissingService, which nothing
# registers. Sets broken_line to the registration's line, where the diagnostic must point. Everything goes into the
# assembly's own file: SwiftPM may miss a source file added and deleted between two builds of one package (its
# build plan kept, the deleted file then a missing input), never an edit.
break_graph() {
  local assembly="$1" prefix="$2" saved="$3" entry='public func assemble(into registrar: Registrar) {'
  broken_line="$(grep -nF "$entry" "$assembly" | head -n 1 | cut -d: -f1)"
  [ -n "$broken_line" ] || { echo "break_graph: no '$entry' in $assembly" >&2; return 1; }
  cp "$assembly" "$saved"
  cat >>"$assembly" <<SWIFT

/// A dependency nothing registers.
public protocol ${prefix}MissingService: Sendable {}

/// A service whose registration asks for \`\`${prefix}MissingService\`\`.
public struct ${prefix}Broken: Sendable {
  let missing: any ${prefix}MissingService
}
SWIFT
  sed -i "${broken_line}a\\    registrar.register(${prefix}Broken.self) { r in ${prefix}Broken(missing: try r.resolve((any ${prefix}MissingService).self)) }" \
    "$assembly"
  broken_line=$((broken_line + 1))
}

# mend_graph <assembly file> <saved copy>: puts the file back as it was, with a time of now: the compiler takes a
# source whose time is that of its last build (to the second) as unchanged, and the copy kept the time the file had
# before the edit.
mend_graph() {
  mv "$2" "$1"
  touch "$1"
}
