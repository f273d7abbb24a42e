#!/bin/bash
# go vet -vettool=cflr-vet against plain go vet on the same pebble packages,
# side by side (alternating), PEERS.md's protocol (b): a GOCACHE primed with
# the compiled packages and their test variants (/work/eval/gocache-primed,
# `go list -deps -test -export`) is copied fresh before each run, so both
# vets compute every package's facts, the standard library's included, and
# nothing is compiled.
# usage: ROUNDS="1 2 3" run_cflrvet.sh <cflr-vet binary> <name> <pkgs...>
set -u
bin=$1; name=$2; shift 2
cd /work/eval/pebble
for i in ${ROUNDS:-1 2 3}; do
  for k in plain cflr; do
    cache=$(mktemp -d /tmp/cflrvet-gocache-XXXXXX) && rmdir "$cache" && cp -r /work/eval/gocache-primed "$cache"
    tool=""; [ $k = cflr ] && tool="-vettool=$bin"
    GOCACHE=$cache /usr/bin/time -v -o /work/eval/raw/vetpair-$name-$k-$i.time nice go vet $tool "$@" > /work/eval/raw/vetpair-$name-$k-$i.out 2>&1
    echo "rc=$?" >> /work/eval/raw/vetpair-$name-$k-$i.time
    rm -rf "$cache"
    printf '%s %s %d: ' "$name" $k $i
    grep -E 'Elapsed|Maximum|User time|System time' /work/eval/raw/vetpair-$name-$k-$i.time | tr -s ' \t' ' ' | tr '\n' ' '
    echo
  done
done
