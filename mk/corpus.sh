#!/bin/bash
# Driver of `make corpus` (mk/corpus.mk): cflr check on real programs.
#
#   mk/corpus.sh fetch   copy each module of mk/corpus.list out of the module
#                        cache (downloading it through the module proxy once)
#                        and list its main package's dependencies
#   mk/corpus.sh run     cflr check, both checks, on each program in turn
#   mk/corpus.sh table   the markdown table and raw stats into $CORPUS_BENCH
#
# Environment: GO, CFLR (the cflr binary), CORPUS (work directory, default
# out/corpus), CORPUS_LIST, CORPUS_ONLY (space-separated names: a subset),
# CORPUS_NICE (default nice), CORPUS_TIMEOUT (seconds per program, default
# 1200), CORPUS_MEMLIMIT (GiB of address space per run, ulimit -v, default
# 12: on a shared machine a run out of control must not take the others
# down; Go then stops with "fatal error: out of memory"), CORPUS_BENCH
# (where table writes, default bench/corpus-DATE).
#
# Each program's files are in $CORPUS/NAME/: deps.txt (go list -deps),
# findings.json (stdout), stderr.txt (--stats and any error), time.txt
# (GNU time -v), rc (exit status). A run has crashed when its stderr holds
# a Go panic, fatal error or goroutine trace: the table's crash column says
# panic, or out of memory for Go's fatal error at the memory limit.
set -u
GO=${GO:-go}
CFLR=$(realpath "${CFLR:-bin/cflr}")
CORPUS=$(realpath -m "${CORPUS:-out/corpus}")
CORPUS_LIST=${CORPUS_LIST:-mk/corpus.list}
CORPUS_ONLY=${CORPUS_ONLY:-}
CORPUS_NICE=${CORPUS_NICE:-nice}
CORPUS_TIMEOUT=${CORPUS_TIMEOUT:-1200}
CORPUS_MEMLIMIT=${CORPUS_MEMLIMIT:-12}
CORPUS_BENCH=${CORPUS_BENCH:-bench/corpus-$(date +%F)}
REPO=$(pwd)
# Programs are built with this machine's Go: a module that asks for a newer
# one fails its fetch instead of downloading a toolchain.
export GOTOOLCHAIN=local GOWORK=off

# programs prints "name modver main kind" for each selected program.
programs() {
	grep -v '^#' "$CORPUS_LIST" | while read -r name modver main kind; do
		[ -n "$name" ] || continue
		if [ -n "$CORPUS_ONLY" ] && ! echo " $CORPUS_ONLY " | grep -q " $name "; then
			continue
		fi
		echo "$name $modver $main $kind"
	done
}

# srcdir prints the module directory a program is built in.
srcdir() {
	case $2 in
	local:*) echo "$REPO/${2#local:}" ;;
	*) echo "$CORPUS/src/$1" ;;
	esac
}

fetch() {
	mkdir -p "$CORPUS/src"
	programs | while read -r name modver main kind; do
		d=$(srcdir "$name" "$modver")
		mkdir -p "$CORPUS/$name"
		if [ ! -f "$d/go.mod" ]; then
			src=$(cd / && $GO mod download -json "$modver" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
			if [ -z "$src" ]; then
				echo "$name: $modver: download failed" | tee "$CORPUS/$name/fetch.err"
				continue
			fi
			rm -rf "$d.tmp" && cp -r "$src" "$d.tmp" && chmod -R u+w "$d.tmp" && mv "$d.tmp" "$d" || exit 1
		fi
		# go list downloads the modules the main package needs (cached).
		if (cd "$d" && $GO list -deps "$main" > "$CORPUS/$name/deps.txt" 2> "$CORPUS/$name/fetch.err"); then
			rm -f "$CORPUS/$name/fetch.err"
			printf '%-14s %5d packages\n' "$name" "$(wc -l < "$CORPUS/$name/deps.txt")"
		else
			echo "$name: go list -deps $main failed: $(grep -v '^go: downloading' "$CORPUS/$name/fetch.err" | head -3)"
		fi
	done
}

run() {
	[ -x /usr/bin/time ] || { echo "mk/corpus.sh: needs GNU time at /usr/bin/time (Debian: apt-get install time)" >&2; exit 1; }
	echo "load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores" > "$CORPUS/load-start"
	start=$(date +%s)
	programs | while read -r name modver main kind; do
		o=$CORPUS/$name
		if [ ! -s "$o/deps.txt" ] || [ -e "$o/fetch.err" ]; then
			echo "$name: not fetched (make corpus-fetch)"
			continue
		fi
		rm -f "$o/findings.json" "$o/stderr.txt" "$o/time.txt" "$o/rc"
		(cd "$(srcdir "$name" "$modver")" && ulimit -v $((CORPUS_MEMLIMIT * 1024 * 1024)) &&
			$CORPUS_NICE /usr/bin/time -v -o "$o/time.txt" timeout "$CORPUS_TIMEOUT" \
				"$CFLR" check -q --checks nilflow,taint --stats --json "$main" \
				> "$o/findings.json" 2> "$o/stderr.txt")
		echo $? > "$o/rc"
		row "$name" "$modver" "$main" "$kind" | cut -d'|' -f2,6-
	done
	echo $(($(date +%s) - start)) > "$CORPUS/total-seconds"
	echo "load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores" > "$CORPUS/load-end"
	echo "total $(cat "$CORPUS/total-seconds") s"
}

# crash says how a run ended: no, panic, internal error (a panic cflr
# caught and reported, exit 2), out of memory (at the limit, or killed by
# the kernel), timeout.
crash() {
	if grep -q '^fatal error: out of memory' "$1/stderr.txt" || [ "$(cat "$1/rc")" = 137 ]; then
		echo "**out of memory**"
	elif grep -qE '^(panic: |fatal error: |goroutine [0-9]+ \[)' "$1/stderr.txt"; then
		echo "**panic**"
	elif grep -q 'internal error in ' "$1/stderr.txt"; then
		echo "**internal error**" # a panic cflr caught (frontend.Catch)
	elif [ "$(cat "$1/rc")" = 124 ]; then
		echo "**timeout**"
	else
		echo no
	fi
}

# findings prints the count a check's --stats line gives, or "-".
findings() {
	n=$(sed -n "s/^$2: .*, \([0-9]*\) findings$/\1/p" "$1")
	echo "${n:--}"
}

# row prints a program's markdown table row.
row() {
	name=$1 modver=$2 main=$3 kind=$4 o=$CORPUS/$1
	pkgs=$(wc -l < "$o/deps.txt")
	if [ ! -f "$o/rc" ]; then
		echo "| $name | $kind | $modver | $main | $pkgs | not run | | | | | |"
		return
	fi
	rc=$(cat "$o/rc")
	wall=$(sed -n 's/^[[:space:]]*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$o/time.txt" |
		awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.1f", s }')
	cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.1f", s }' "$o/time.txt")
	rss=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$o/time.txt" | awk '{ printf "%d", $1 / 1024 }')
	echo "| $name | $kind | $modver | $main | $pkgs | $wall | $cpu | $rss | $(findings "$o/stderr.txt" nilflow) | $(findings "$o/stderr.txt" taint) | $rc | $(crash "$o") |"
}

table() {
	mkdir -p "$CORPUS_BENCH/stats"
	t=$CORPUS_BENCH/TABLE.md
	commit=$(git rev-parse --short HEAD)
	git diff --quiet HEAD -- . ':!bench' || commit="$commit (with uncommitted changes)"
	{
		echo "# cflr check on the corpus, $(date +%F)"
		echo
		echo "\`make corpus\` (mk/corpus.mk, programs in mk/corpus.list): cflr at $commit,"
		echo "\`cflr check -q --checks nilflow,taint --stats --json MAIN\` in each module's"
		echo "directory, one program at a time under \`nice\`, $("$GO" version | cut -d' ' -f3),"
		echo "$(cat "$CORPUS/load-start" 2>/dev/null) at the start,"
		echo "$(sed 's/^load average //' "$CORPUS/load-end" 2>/dev/null) at the end."
		echo "Other work shared the machine: wall times are noisy, CPU (user+sys) is the"
		echo "steadier figure. Packages: \`go list -deps MAIN | wc -l\` (standard library"
		echo "included). Peak RSS: GNU time's maximum resident set size. Findings: the"
		echo "counts of the \`--stats\` lines. Exit: 0 no findings, 1 findings, 2 errors,"
		echo "124 past the time limit. Crash: a Go panic or goroutine trace on stderr, an"
		echo "internal error (a panic cflr caught and reported with its function),"
		echo "or out of memory (Go's fatal error at the ${CORPUS_MEMLIMIT} GiB address-space limit)."
		echo "Raw \`--stats\` output and GNU time lines per program: stats/NAME.txt."
		echo
		echo "| program | kind | module | main | packages | wall s | CPU s | peak RSS MiB | nilflow | taint | exit | crash |"
		echo "|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|---|"
		programs | while read -r name modver main kind; do
			[ -s "$CORPUS/$name/deps.txt" ] && [ ! -e "$CORPUS/$name/fetch.err" ] || continue
			row "$name" "$modver" "$main" "$kind"
		done
		echo
		echo "Total run time of \`mk/corpus.sh run\`: $(cat "$CORPUS/total-seconds" 2>/dev/null) s."
		failed=$(programs | while read -r name modver main kind; do
			[ -e "$CORPUS/$name/fetch.err" ] && echo "$name ($modver): $(grep -v '^go: downloading' "$CORPUS/$name/fetch.err" | head -1)"
		done)
		if [ -n "$failed" ]; then
			echo
			echo "Not run (fetch failed):"
			echo
			echo "$failed" | sed 's/^/- /'
		fi
	} | sed -e "s|$CORPUS/src/|\$CORPUS/src/|g" -e "s|$REPO/||g" -e "s|$HOME/go/pkg/mod/|\$GOMODCACHE/|g" > "$t"
	programs | while read -r name modver main kind; do
		o=$CORPUS/$name
		[ -f "$o/rc" ] || continue
		{
			echo "# $name $modver $main: exit $(cat "$o/rc"), $(wc -l < "$o/deps.txt") packages"
			cat "$o/stderr.txt"
			grep -E 'Elapsed|User time|System time|Maximum resident|Exit status' "$o/time.txt"
		} | sed -e "s|$CORPUS/src/$name/||g" -e "s|$CORPUS/src/|\$CORPUS/src/|g" -e "s|$REPO/||g" \
			-e "s|$HOME/go/pkg/mod/|\$GOMODCACHE/|g" -e "s|$(go env GOROOT)/|\$GOROOT/|g" > "$CORPUS_BENCH/stats/$name.txt"
	done
	echo "wrote $t"
}

case ${1:-} in
fetch | run | table) "$1" ;;
*)
	echo "usage: mk/corpus.sh fetch|run|table" >&2
	exit 2
	;;
esac
