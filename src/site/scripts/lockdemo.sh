#!/bin/bash
# Issue 45 §3, locks: TPC-C on 1 warehouse at 32 terminals on each engine (the district and warehouse rows are hot),
# then 8 warehouses at 8 terminals (one terminal per district's warehouse share: no verdict of locks expected).
# SERVERS_ENV: the OLTPBENCH_*_URL exports (.ci/run writes them; /work/notes/servers.env on the dev machine).
source "${SERVERS_ENV:?the OLTPBENCH_*_URL exports}"
J=${JAR:-$PWD/target/oltpbench.jar}
run() { # db url user password warehouses terminals
  local common="--set db=$1 --set conn=${2%/*}/lock$5 --set user=$3 --set password=$4 --set workload=tpcc --set warehouses=$5 --set loadWorkers=2"
  java -jar $J $common cleanup > /dev/null 2>&1; java -jar $J $common prepare > /dev/null 2>&1 || echo "$1: prepare failed"
  java -jar $J $common --set terminals=$6 --set time=10 --set runMins=0 run 2>&1 | grep -E "^\[Waits\]|^\[Bottleneck\]" | sed "s|^|$1 $5 wh $6 terminals: |"
}
run mariadb "$OLTPBENCH_MARIADB_URL" bench bench 1 32
run mysql "$OLTPBENCH_MYSQL_URL" bench bench 1 32
run postgres "$OLTPBENCH_PG_URL" postgres x 1 32
run oceanbase "$OLTPBENCH_OB_URL" root "" 1 32
run mariadb "$OLTPBENCH_MARIADB_URL" bench bench 8 8
run postgres "$OLTPBENCH_PG_URL" postgres x 8 8
