# Sourced by the scripts that build or test every package: `packages` prints the package folders, relative to the
# repository, in the order `make test` builds them into one build folder.
#
# SwiftPM keeps one set of checkouts in a build folder, that of the last package it resolved there, and removes a
# checkout the package being built does not use; building another package that uses it again clones it anew and
# compiles it again. So the order goes from fewer external packages to more: the kits, then the features by the
# count of packages their manifest declares (those without GraphQL before Courses), then the root, which uses
# fewer than the features' tests (no snapshot testing) but comes last.
packages() {
  echo Modules/Kits
  local manifest
  for manifest in Modules/Features/*/Package.swift; do
    [ -f "$manifest" ] || continue
    printf '%s %s\n' "$(grep -c '\.package(url:' "$manifest")" "$(dirname "$manifest")"
  done | sort -k1,1n -k2 | cut -d' ' -f2
  echo .
}
