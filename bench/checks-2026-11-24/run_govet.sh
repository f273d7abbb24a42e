#!/bin/bash
# Plain go vet on pebble, warm build cache, cold vet-result cache: a unique
# -printf.funcs value changes every vet action's cache key (deps' facts too).
# usage: run_govet.sh <name> <pkgs...>
set -u
cd /work/eval/pebble
name=$1; shift
for i in 1 2 3; do
  /usr/bin/time -v -o /work/eval/raw/govet-$name-$i.time nice go vet -printf.funcs=cflrbust$RANDOM$RANDOM "$@" > /work/eval/raw/govet-$name-$i.out 2>&1
  echo "rc=$?" >> /work/eval/raw/govet-$name-$i.time
  grep -E 'Elapsed|Maximum' /work/eval/raw/govet-$name-$i.time | tr -s ' \t' ' '
done
