#!/bin/bash
# Cost of the reflection model (issue 20, Must show 3): cflr check on the
# four programs of CHECKS.md, main against the reflect branch with the
# model on and with --reflection=false, two rounds, one run at a time.
# MAIN and NEW are cflr binaries; OUT the directory for the GNU time
# reports (*.err) and the findings (*.txt); CHECKS the out/checks of
# make fetch-checks.
: "${MAIN:?}" "${NEW:?}" "${OUT:?}" "${CHECKS:=out/checks}"
mkdir -p "$OUT"
run() { # name dir pkg binary tag flags...
  local name=$1 dir=$2 pkg=$3 bin=$4 tag=$5; shift 5
  (cd "$dir" && /usr/bin/time -v nice "$bin" check -q --stats "$@" "$pkg" > "$OUT/$name-$tag.txt" 2> "$OUT/$name-$tag.err")
}
for round in 1 2; do
  for p in "stringer $CHECKS/xtools ./cmd/stringer" "present $CHECKS/xtools ./cmd/present" "miniflux $CHECKS/miniflux ." "pebble $CHECKS/pebble ./cmd/pebble"; do
    set -- $p
    run $1 $2 $3 "$MAIN" main$round
    run $1 $2 $3 "$NEW" on$round
    run $1 $2 $3 "$NEW" off$round --reflection=false
  done
done
