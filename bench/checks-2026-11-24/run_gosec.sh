#!/bin/bash
# usage: run_gosec.sh <dir> <dirsfile> <name>
set -u
cd /work/eval/$1
/usr/bin/time -v -o /work/eval/raw/gosec-$3${SUFFIX:-}.time nice /root/go/bin/gosec -no-fail -include=${GOSEC_RULES:-G701,G702,G703,G704,G705,G706} \
  -fmt=json -out=/work/eval/raw/gosec-$3${SUFFIX:-}.json $(cat /work/eval/$2) > /work/eval/raw/gosec-$3${SUFFIX:-}.stdout 2> /work/eval/raw/gosec-$3${SUFFIX:-}.stderr
echo "rc=$?" >> /work/eval/raw/gosec-$3${SUFFIX:-}.time
