#!/bin/bash
# Out-of-core benchmark (make bench-outofcore): for each graph, the
# in-memory solve and the out-of-core solve with --mem = 1/4 of the
# in-memory peak RSS, side by side (alternating, best of REPEAT), then
# incremental additions (1%, 10%, 50% of the edges, split at random with a
# fixed seed) beside a from-scratch out-of-core solve. Prints markdown
# tables. Usage: outofcore-bench.sh CFLR POCR_DIR GRAPH...
set -euo pipefail
CFLR=$1 POCR=$2
shift 2
REPEAT=${REPEAT:-2}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
field() { grep -o "$1" "$2" | head -1; }
secs() { awk '/^wall/ {print $2}' "$1"; }
rssk() { awk '/^wall/ {print $5}' "$1"; }
echo "| graph | in-memory s | in-memory peak RSS MiB | budget MiB | out-of-core s | time ratio | out-of-core peak RSS MiB | RSS / budget | partitions | rounds | loads per round (first..last) | read GiB | written GiB |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for g in "$@"; do
	gr=vf.cfg
	[[ $g == *.peg ]] && gr=aa.cfg
	best_mem=999999 best_ooc=999999 rss_mem=0
	for r in $(seq "$REPEAT"); do
		/usr/bin/time -f "wall %e s, maxrss %M KB" -o "$TMP/mem.time" "$CFLR" solve -q --grammar "$POCR/$gr" --graph "$POCR/$g" > "$TMP/mem.out"
		s=$(secs "$TMP/mem.time"); k=$(rssk "$TMP/mem.time")
		best_mem=$(echo "$s $best_mem" | awk '{print ($1<$2)?$1:$2}')
		(( k > rss_mem )) && rss_mem=$k
		budget=$(( rss_mem / 4 ))
		rm -rf "$TMP/work"
		/usr/bin/time -f "wall %e s, maxrss %M KB" -o "$TMP/ooc.time" "$CFLR" solve -q --dir "$TMP/work" --mem "${budget}KiB" --grammar "$POCR/$gr" --graph "$POCR/$g" > "$TMP/ooc.out"
		s=$(secs "$TMP/ooc.time")
		if awk "BEGIN{exit !($s < $best_ooc)}"; then best_ooc=$s; cp "$TMP/ooc.out" "$TMP/ooc.best"; cp "$TMP/ooc.time" "$TMP/ooc.besttime"; fi
	done
	want=$(field 'CountEdges ([A-Z]*): [0-9]*' "$TMP/mem.out")
	got=$(field 'CountEdges ([A-Z]*): [0-9]*' "$TMP/ooc.best")
	[[ "$want" == "$got" ]] || { echo "$g: out of core $got, in memory $want" >&2; exit 1; }
	line=$(grep '^out of core' "$TMP/ooc.best")
	parts=$(echo "$line" | grep -o '[0-9]* partitions' | cut -d' ' -f1)
	rounds=$(echo "$line" | grep -o '[0-9]* rounds' | cut -d' ' -f1)
	per=$(echo "$line" | grep -o 'per round \[[0-9 ]*\]' | tr -d '[]' | awk '{printf "%s..%s", $3, $NF}')
	rd=$(echo "$line" | grep -o 'read [0-9.]* [GMK]i\?B' | awk '{v=$2; if($3=="MiB")v/=1024; if($3=="KiB")v/=1048576; printf "%.2f", v}')
	wr=$(echo "$line" | grep -o 'wrote [0-9.]* [GMK]i\?B' | awk '{v=$2; if($3=="MiB")v/=1024; if($3=="KiB")v/=1048576; printf "%.2f", v}')
	rss_ooc=$(rssk "$TMP/ooc.besttime")
	echo "| $g | $best_mem | $((rss_mem/1024)) | $((budget/1024)) | $best_ooc | $(awk "BEGIN{printf \"%.2f\", $best_ooc/$best_mem}") | $((rss_ooc/1024)) | $(awk "BEGIN{printf \"%.2f\", $rss_ooc/$budget}") | $parts | $rounds | $per | $rd | $wr |"
done
echo
echo "| graph | additions | edges added | base solve s | add + solve s | from scratch s | CountEdges equal |"
echo "|---|---|---|---|---|---|---|"
for g in "$@"; do
	gr=vf.cfg
	[[ $g == *.peg ]] && gr=aa.cfg
	rm -rf "$TMP/full"
	/usr/bin/time -f "wall %e s, maxrss %M KB" -o "$TMP/full.time" "$CFLR" solve -q --dir "$TMP/full" --mem 1GiB --grammar "$POCR/$gr" --graph "$POCR/$g" > "$TMP/full.out"
	full=$(secs "$TMP/full.time")
	want=$(field 'CountEdges ([A-Z]*): [0-9]*' "$TMP/full.out")
	for pct in 1 10 50; do
		awk -v p="$pct" -v b="$TMP/base.tsv" -v a="$TMP/add.tsv" 'BEGIN{srand(42)} {if (rand()*100 < p) print > a; else print > b}' "$POCR/$g"
		rm -rf "$TMP/inc"
		/usr/bin/time -f "wall %e s, maxrss %M KB" -o "$TMP/base.time" "$CFLR" solve -q --dir "$TMP/inc" --mem 1GiB --grammar "$POCR/$gr" --graph "$TMP/base.tsv" > /dev/null
		/usr/bin/time -f "wall %e s, maxrss %M KB" -o "$TMP/add.time" "$CFLR" solve -q --dir "$TMP/inc" --mem 1GiB --add "$TMP/add.tsv" > "$TMP/add.out"
		got=$(field 'CountEdges ([A-Z]*): [0-9]*' "$TMP/add.out")
		eq=yes
		[[ "$want" == "$got" ]] || eq="NO: $got vs $want"
		echo "| $g | $pct% | $(wc -l < "$TMP/add.tsv") | $(secs "$TMP/base.time") | $(secs "$TMP/add.time") | $full | $eq |"
	done
done
