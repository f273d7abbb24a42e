#!/bin/sh
B=${CFLR:-cflr}
run() { # name dir pattern
  for m in no-refute refute; do
    f=""; [ $m = no-refute ] && f=--no-refute
    (cd $2 && /usr/bin/time -f "$1 $m: %e s wall, %U+%S s cpu, %M KB" nice $B check -q --checks nilflow --json --stats $f -o ../final-$1-$m.json $3) > final-$1-$m.log 2>&1
  done
}
run stringer tools_v0.52.0 ./cmd/stringer
run pebble pebble_v1.1.5 ./cmd/pebble
run miniflux v2_v2.3.5 .
echo done > final-done
