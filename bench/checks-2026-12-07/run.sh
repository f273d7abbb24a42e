#!/bin/sh
# cflr check --checks nilflow (and NilAway) on the six programs of
# CHECKS.md (issue 18, Must show 3), one run each, one tool at a time,
# under nice and GNU time -v. Run from the repository root after
# `make build fetch-checks` (and `make checks-tools` for NilAway); CHECKS
# names the module copies (default out/checks), OUT the output directory
# (default bench/checks-2026-12-07/raw), TOOLS the tools (default "cflr";
# "cflr nilaway" for both), NIL_SOURCES cflr's --nil-sources (default
# "default"; the outputs are named PROGRAM-cflr-SETTING). Machine paths
# are cut from the outputs.
set -u
CHECKS=${CHECKS:-out/checks}
OUT=${OUT:-bench/checks-2026-12-07/raw}
CFLR=$(pwd)/bin/cflr
[ -x "$CFLR" ] || CFLR=$(pwd)/out/bin/cflr
NILAWAY=$(cd "$CHECKS/bin" 2>/dev/null && pwd)/nilaway
OUT=$(mkdir -p "$OUT" && cd "$OUT" && pwd)
TOOLS=${TOOLS:-"cflr"}
NIL_SOURCES=${NIL_SOURCES:-default}
PROGRAMS=${PROGRAMS:-"pebble:pebble:./cmd/pebble stringer:xtools:./cmd/stringer present:xtools:./cmd/present miniflux:miniflux:. fzf:fzf:. mailpit:mailpit:."}
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores, --nil-sources=$NIL_SOURCES" >> "$OUT/load.txt"
for p in $PROGRAMS; do
	name=${p%%:*}; rest=${p#*:}; dir=${rest%%:*}; main=${rest#*:}
	(
		cd "$CHECKS/$dir" || exit 1
		here=$(pwd -P)
		mod=$(go list -m)
		pkgs=$(go list -deps -f '{{if and .Module .Module.Main}}{{.ImportPath}}{{end}}' "$main")
		case " $TOOLS " in *" cflr "*)
		c=$name-cflr-$NIL_SOURCES
		nice /usr/bin/time -v "$CFLR" check -q --checks nilflow --nil-sources="$NIL_SOURCES" --json --stats -o "$OUT/$c.json" "$main" \
			> "$OUT/$c.log" 2>&1
		sed -i "s|$here/||g; s|$(pwd)/||g" "$OUT/$c.json" "$OUT/$c.log"
		;; esac
		case " $TOOLS " in *" nilaway "*)
		nice /usr/bin/time -v "$NILAWAY" -test=false -json -pretty-print=false -include-pkgs="$mod" $pkgs \
			> "$OUT/$name-nilaway.json" 2> "$OUT/$name-nilaway.log"
		sed -i "s|$here/||g; s|$(pwd)/||g" "$OUT/$name-nilaway.json" "$OUT/$name-nilaway.log"
		;; esac
	)
done
sed -i "s|$CFLR|cflr|g; s|$NILAWAY|nilaway|g; s|$(pwd)/||g" "$OUT"/*.log
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end" >> "$OUT/load.txt"
