#!/bin/bash
# usage: show.sh <name> <k> : print every k-th NilAway finding
awk -F'\t' -v k=$2 '$1%k==0' /work/eval/raw/nilaway-$1.tsv | python3 -c '
import sys,json
for l in sys.stdin:
    i,p,m=l.rstrip("\n").split("\t",2); print("#",i,p); print(json.loads(m).replace("Potential nil panic detected. Observed nil flow from source to dereference point: \n",""))'
