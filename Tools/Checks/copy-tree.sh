# Sourced by the checks that work on a copy of the tree (`make test`'s suite, the scaffold test).

# copy_tree <root> <destination>: copies the files of the working tree at <root> that git tracks or would track
# (untracked ones it does not ignore, as they are now), and commits them in a repository of the copy's own, so
# that a check can ask git what it changed since.
copy_tree() {
  local root="$1" destination="$2"
  rm -rf "$destination"
  mkdir -p "$destination"
  (
    cd "$root"
    git ls-files -z --cached --others --exclude-standard |
      while IFS= read -r -d '' file; do if [ -e "$file" ]; then printf '%s\0' "$file"; fi; done |
      tar --null --files-from=- -cf -
  ) | tar -xf - -C "$destination"
  git -C "$destination" init -q
  git -C "$destination" add -A
  git -C "$destination" -c user.name=copy -c user.email=copy@localhost commit -qm "copy of the working tree"
}
