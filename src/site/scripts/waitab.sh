#!/bin/bash
# waits=true against waits=false, alternating, oltp_read_only 8 threads 10 s (issue 45: the sampler's cost)
source "${SERVERS_ENV:?the OLTPBENCH_*_URL exports, as .ci/run writes them}"
J=${JAR:-$PWD/target/oltpbench.jar}
cd "${WORKDIR:-/tmp}"
for e in "mariadb $OLTPBENCH_MARIADB_URL bench bench" "postgres $OLTPBENCH_PG_URL postgres x"; do
  set -- $e
  common="--set db=$1 --set conn=${2%/*}/waitab --set user=$3 --set password=$4 --set workload=oltp_read_only --set tables=2 --set tableSize=10000 --set threads=8 --set time=10 --set warmupSecs=2"
  java -jar $J $common prepare > /dev/null 2>&1
  for round in 1 2 3; do
    for w in true false; do
      tps=$(java -jar $J $common --set waits=$w run 2>&1 | grep -E "^ +transactions:" | head -1 | sed 's/.*(\(.*\) per sec.)/\1/')
      echo "$1 round $round waits=$w tps=$tps"
    done
  done
done
