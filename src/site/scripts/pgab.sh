#!/usr/bin/env bash
# pgbench's line against pgbench itself, mode for mode (issue 57 §1): for each -M in MODES, ROUNDS alternating pairs
# (pgbench first, then the same line to the jar), SECS seconds each, -c CLIENTS -j JOBS on DB; prints each pair's tps
# and the ratio of the sums (the jar's over pgbench's). PGHOST, PGPORT, PGUSER as pgbench reads them; JAVA may hold
# JVM options (JAVA="java -XX:+UseSerialGC"); PEER_JOBS gives pgbench another -j (the jar runs a thread a client, as
# pgbench -j CLIENTS does).
#   ROUNDS=5 SECS=15 MODES="simple extended prepared" src/site/scripts/pgab.sh bench
set -euo pipefail
DB=${1:?database}; ROUNDS=${ROUNDS:-5}; SECS=${SECS:-15}; CLIENTS=${CLIENTS:-4}; JOBS=${JOBS:-2}
MODES=${MODES:-simple extended prepared}; JAR=${JAR:-target/oltpbench.jar}; JAVA=${JAVA:-java}
PGBENCH=${PGBENCH:-pgbench}; OUT=$(mktemp -d /tmp/pgab.XXXXXX)
tps() { sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$1" | tail -1; }
for mode in $MODES; do
  sa=0; sb=0; line=""
  for r in $(seq "$ROUNDS"); do
    "$PGBENCH" -c "$CLIENTS" -j "${PEER_JOBS:-$JOBS}" -T "$SECS" -M "$mode" "$DB" > "$OUT/pg.$mode.$r" 2>&1
    $JAVA -jar "$JAR" pgbench -c "$CLIENTS" -j "$JOBS" -T "$SECS" -M "$mode" "$DB" --set resultDirectory="$OUT/r" > "$OUT/ob.$mode.$r" 2>&1
    a=$(tps "$OUT/ob.$mode.$r"); b=$(tps "$OUT/pg.$mode.$r")
    line="$line $(printf '%.0f/%.0f' "$a" "$b")"
    sa=$(python3 -c "print($sa + $a)"); sb=$(python3 -c "print($sb + $b)")
  done
  printf '%-8s %ss x%s: oltpbench/pgbench tps%s  ratio of sums %.3f\n' "$mode" "$SECS" "$ROUNDS" "$line" \
    "$(python3 -c "print($sa / $sb)")"
done
echo "runs: $OUT"
