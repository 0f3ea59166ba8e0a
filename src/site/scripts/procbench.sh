#!/usr/bin/env bash
# Issue 46: tpccMode=client beside tpccMode=procedures on one engine, alternated A B A B (performance.md, "Stored
# procedures"). The engines not measured are paused (SIGSTOP) while it runs and resumed after.
#   ENGINE=mariadb|mysql|postgres|oceanbase  TERMINALS="4 16"  ROUNDS=3  SECS=20  WARMUP=5  WAREHOUSES=4
#   STYLE=batched|perItem (newOrderStyle: the client's statements)  PSTYLE=<the same for the routine; default STYLE>
#   PORT=<a delay proxy's port in front of the engine>  (optional: delayproxy.py PORT ENGINE_PORT 1)  TAG=<name of the run>
#   SERVERS_ENV=/work/notes/servers.env (the OLTPBENCH_*_URL variables)  JAR=target/oltpbench.jar  OUT=/tmp/procbench
# Prints one line per run (mode, terminals, round, tpmC, NOPM, round trips and bytes per New-Order, server CPU µs per
# transaction, check) and the ratio of the sums procedures / client per terminal count.
set -euo pipefail
ENGINE=${ENGINE:-mariadb}; TERMINALS=${TERMINALS:-"4 16"}; ROUNDS=${ROUNDS:-3}; SECS=${SECS:-20}; WARMUP=${WARMUP:-5}
WAREHOUSES=${WAREHOUSES:-4}; JAR=${JAR:-target/oltpbench.jar}; OUT=${OUT:-/tmp/procbench}; STYLE=${STYLE:-batched}
PSTYLE=${PSTYLE:-$STYLE}; TAG=${TAG:-$ENGINE}
source "${SERVERS_ENV:-/work/notes/servers.env}"
case $ENGINE in
  mariadb) URL=$OLTPBENCH_MARIADB_URL; LOGIN="--set user=bench --set password=bench"; PAT=/tmp/sh-mdb ;;
  mysql) URL=$OLTPBENCH_MYSQL_URL; LOGIN="--set user=bench --set password=bench"; PAT=/tmp/sh-mysql ;;
  postgres) URL=$OLTPBENCH_PG_URL; LOGIN="--set user=postgres"; PAT=/tmp/sh-pg ;;
  oceanbase) URL=$OLTPBENCH_OB_URL; LOGIN="--set user=root"; PAT=/tmp/sh-seekdb ;;
esac
URL=${URL%/*}/procbench
[ -n "${PORT:-}" ] && URL=$(echo "$URL" | sed -E "s#:[0-9]+/procbench#:$PORT/procbench#")
KEYS="--set db=$ENGINE --set conn=$URL $LOGIN --set workload=tpcc --set warehouses=$WAREHOUSES"
others=$(pgrep -f "/tmp/sh-(mdb|mysql|pg|seekdb|tidb)" | while read -r p; do grep -qa -- "$PAT" /proc/$p/cmdline || echo "$p"; done)
trap 'kill -CONT $others 2>/dev/null || true' EXIT
kill -STOP $others 2>/dev/null || true
mkdir -p "$OUT"
java -jar "$JAR" prepare $KEYS --set tpccMode=procedures >/dev/null 2>&1 || true   # a second prepare says "already loaded"
java -jar "$JAR" check $KEYS | tail -1
for t in $TERMINALS; do
  for r in $(seq "$ROUNDS"); do
    for mode in client procedures; do
      d=$OUT/$TAG-$t-$mode-$r; rm -rf "$d"
      style=$STYLE; [ $mode = procedures ] && style=$PSTYLE
      java -jar "$JAR" run $KEYS --set tpccMode=$mode --set newOrderStyle=$style --set terminals=$t --set time=$SECS --set warmupSecs=$WARMUP \
        --set resultDirectory="$d" > "$d.log" 2>&1
      check=$(java -jar "$JAR" check $KEYS | tail -1)
      python3 - "$d/result.json" "$mode" "$t" "$r" "$check" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); rep = r["levels"][0]["repeats"][0]; c = rep["counts"]; t = c["tallies"]
secs = rep["window"]["seconds"]; no = next(x for x in rep["transactions"] if x["name"] == "NEW_ORDER")
ended = no["committed"] + no["rollbacks"]; w = rep.get("serverWindow") or {}
u = rep["usage"]; srv = sum(s.get("cores", 0) for s in u.get("servers", [])) if u.get("servers") else 0
print("%-10s t=%-3s r=%s tpmC %9.1f  NOPM %9.1f  NO round trips %5.2f  NO bytes %6.0f  server µs/txn %6.0f  %s" % (
    sys.argv[2], sys.argv[3], sys.argv[4], ended * 60 / secs, w.get("data", -1) * 60 / max(w.get("seconds", 1), 1e-9),
    t["NEW_ORDER.roundTrips"] / ended, (t["NEW_ORDER.bytesOut"] + t["NEW_ORDER.bytesIn"]) / ended,
    srv * secs * 1e6 / max(c["transactions"], 1), sys.argv[5]))
PY
    done
  done
done | tee "$OUT/$TAG.txt"
python3 - "$OUT/$TAG.txt" <<'PY'
# per terminal count: the ratio of the sums, and the geometric mean of the rounds' ratios with its 95% interval
# (Student's t on the log ratios, n - 1 degrees of freedom)
import math, re, sys, collections
from statistics import mean, stdev
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}
runs = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    m = re.match(r"(\S+)\s+t=(\d+)\s+r=(\d+) tpmC\s+([\d.]+)", line)
    if m: runs[m.group(2)][(m.group(1), m.group(3))] = float(m.group(4))
for t in sorted(runs, key=int):
    rounds = sorted({k[1] for k in runs[t]})
    c = [runs[t][("client", r)] for r in rounds]; p = [runs[t][("procedures", r)] for r in rounds]
    logs = [math.log(b / a) for a, b in zip(c, p)]
    line = "terminals %s: tpmC procedures / client = %.2f (ratio of the sums)" % (t, sum(p) / sum(c))
    if len(logs) > 1:
        h = T975[len(logs) - 1] * stdev(logs) / math.sqrt(len(logs))
        line += ", rounds' geometric mean %.2f [%.2f, %.2f] (95%%)" % (math.exp(mean(logs)), math.exp(mean(logs) - h), math.exp(mean(logs) + h))
    print(line)
PY
