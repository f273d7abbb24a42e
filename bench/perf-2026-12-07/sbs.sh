#!/bin/sh
# Side by side on CHECKS.md's six programs: cflr before and after this
# branch's changes and NilAway, one tool after the other per program,
# REPS times (default 3), under nice and GNU time -v, as
# bench/checks-2026-12-07/run.sh runs them (same flags). Run from the
# repository root: CHECKS names the module copies (default out/checks),
# OUT the output directory (default bench/perf-2026-12-07/sbs), BEFORE and
# AFTER the two cflr binaries (default bin/cflr-before and bin/cflr),
# NILAWAY the NilAway binary (default $CHECKS/bin/nilaway; "none" skips
# it), FIRST the first rep's number (default 1: FIRST=2 adds reps 2..REPS
# to a run). Machine paths are cut from the outputs; summary.py tabulates
# them.
set -u
CHECKS=${CHECKS:-out/checks}
OUT=${OUT:-bench/perf-2026-12-07/sbs}
REPS=${REPS:-3}
FIRST=${FIRST:-1}
BEFORE=$(cd "$(dirname "${BEFORE:-bin/cflr-before}")" && pwd)/$(basename "${BEFORE:-bin/cflr-before}")
AFTER=$(cd "$(dirname "${AFTER:-bin/cflr}")" && pwd)/$(basename "${AFTER:-bin/cflr}")
NILAWAY=${NILAWAY:-$(cd "$CHECKS/bin" 2>/dev/null && pwd)/nilaway}
OUT=$(mkdir -p "$OUT" && cd "$OUT" && pwd)
PROGRAMS=${PROGRAMS:-"pebble:pebble:./cmd/pebble stringer:xtools:./cmd/stringer present:xtools:./cmd/present miniflux:miniflux:. fzf:fzf:. mailpit:mailpit:."}
for rep in $(seq "$FIRST" "$REPS"); do
	dir=$OUT/rep$rep
	mkdir -p "$dir"
	echo "rep $rep: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores at $(date -u +%H:%M:%S)" >> "$OUT/load.txt"
	for p in $PROGRAMS; do
		name=${p%%:*}; rest=${p#*:}; mdir=${rest%%:*}; main=${rest#*:}
		(
			cd "$CHECKS/$mdir" || exit 1
			here=$(pwd -P)
			mod=$(go list -m)
			pkgs=$(go list -deps -f '{{if and .Module .Module.Main}}{{.ImportPath}}{{end}}' "$main")
			for tool in before after; do
				bin=$BEFORE; [ $tool = after ] && bin=$AFTER
				nice /usr/bin/time -v "$bin" check -q --checks nilflow --nil-sources=default --json --stats -o "$dir/$name-$tool.json" "$main" \
					> "$dir/$name-$tool.log" 2>&1
				sed -i "s|$here/||g; s|$(pwd)/||g; s|$dir/||g; s|$bin|cflr|g" "$dir/$name-$tool.json" "$dir/$name-$tool.log"
			done
			if [ "$NILAWAY" != none ]; then
				nice /usr/bin/time -v "$NILAWAY" -test=false -json -pretty-print=false -include-pkgs="$mod" $pkgs \
					> "$dir/$name-nilaway.json" 2> "$dir/$name-nilaway.log"
				sed -i "s|$here/||g; s|$(pwd)/||g; s|$dir/||g; s|$NILAWAY|nilaway|g" "$dir/$name-nilaway.json" "$dir/$name-nilaway.log"
			fi
		)
	done
done
echo "end: load average $(cut -d' ' -f1-3 /proc/loadavg) at $(date -u +%H:%M:%S)" >> "$OUT/load.txt"
