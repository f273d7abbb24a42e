#!/bin/bash
# Scale run with the fragment store format (commit in commit.txt).
cd /work/eval/scale-frag
date -u > start.txt
/usr/bin/time -f "gen wall %e s maxrss %M KB" ./cflr-head gen --kind vfg --components 16384 --size 512 --seed 1 vfg-2g.tsv > gen.out 2>&1
wc -l vfg-2g.tsv >> gen.out
df -B1 /work > df-before.txt
rm -rf work
/usr/bin/time -f "wall %e s, maxrss %M KB" -o solve.time nice -n 10 ./cflr-head solve --dir work --mem 4GiB --grammar /work/shared/data/cfl/pocr/vf.cfg --graph vfg-2g.tsv -q > solve.out 2> solve.err
echo "rc $?" >> solve.time
df -B1 /work > df-after.txt
du -sb work > du.txt
date -u > end.txt
rm -f vfg-2g.tsv
