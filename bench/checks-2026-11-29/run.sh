#!/bin/sh
# cflr check --checks nilflow and NilAway side by side on the six programs
# of CHECKS.md (issue 18, Must show 3), one run each, one tool at a time,
# under nice and GNU time -v. Run from the repository root after
# `make build fetch-checks checks-tools`; CHECKS names the module copies
# (default out/checks), OUT the output directory (default
# bench/checks-2026-11-29/raw), TOOLS the tools (default "cflr nilaway").
# Machine paths are cut from the outputs.
set -u
CHECKS=${CHECKS:-out/checks}
OUT=${OUT:-bench/checks-2026-11-29/raw}
CFLR=$(pwd)/bin/cflr
[ -x "$CFLR" ] || CFLR=$(pwd)/out/bin/cflr
NILAWAY=$(cd "$CHECKS/bin" && pwd)/nilaway
OUT=$(mkdir -p "$OUT" && cd "$OUT" && pwd)
TOOLS=${TOOLS:-"cflr nilaway"}
PROGRAMS=${PROGRAMS:-"pebble:pebble:./cmd/pebble stringer:xtools:./cmd/stringer present:xtools:./cmd/present miniflux:miniflux:. fzf:fzf:. mailpit:mailpit:."}
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores" > "$OUT/load.txt"
for p in $PROGRAMS; do
	name=${p%%:*}; rest=${p#*:}; dir=${rest%%:*}; main=${rest#*:}
	(
		cd "$CHECKS/$dir" || exit 1
		here=$(pwd -P)
		mod=$(go list -m)
		pkgs=$(go list -deps -f '{{if and .Module .Module.Main}}{{.ImportPath}}{{end}}' "$main")
		case " $TOOLS " in *" cflr "*)
		nice /usr/bin/time -v "$CFLR" check -q --checks nilflow --json --stats -o "$OUT/$name-cflr.json" "$main" \
			> "$OUT/$name-cflr.log" 2>&1
		sed -i "s|$here/||g; s|$(pwd)/||g" "$OUT/$name-cflr.json" "$OUT/$name-cflr.log"
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
