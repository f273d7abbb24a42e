#!/bin/bash
# usage: run_nilaway.sh <dir> <pkgsfile> <include-prefix> <name>
set -u
cd /work/eval/$1
/usr/bin/time -v -o /work/eval/raw/nilaway-$4${SUFFIX:-}.time nice /root/go/bin/nilaway -test=false -pretty-print=false -json ${NILAWAY_FLAGS:-} \
  -include-pkgs=$3 $(cat /work/eval/$2) > /work/eval/raw/nilaway-$4${SUFFIX:-}.json 2> /work/eval/raw/nilaway-$4${SUFFIX:-}.stderr
echo "rc=$?" >> /work/eval/raw/nilaway-$4${SUFFIX:-}.time
