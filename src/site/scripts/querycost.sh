#!/usr/bin/env bash
# Client CPU per query against sysbench's, start-up subtracted (issue 47 §3): each command runs a short and a long window
# (SHORT, LONG seconds), alternated ROUNDS times in the order sysbench, then each NAME=CONN given; the client's CPU is
# the process tree's user+sys (GNU time), its queries the summary's count. Per command: (CPU long - CPU short) /
# (queries long - queries short) per round, so start-up, connects and the wind-down cancel; then the median over rounds
# and the ratio to sysbench's. The server is left out (it is not the client).
#   ROUNDS=3 WORKLOAD=oltp_point_select querycost.sh mariadb=jdbc:mariadb://127.0.0.1:3307/sbtest mysqlcj=jdbc:mysql://127.0.0.1:3307/sbtest
set -euo pipefail
ROUNDS=${ROUNDS:-3}; PORT=${PORT:-3307}; THREADS=${THREADS:-4}; SHORT=${SHORT:-5}; LONG=${LONG:-20}
WORKLOAD=${WORKLOAD:-oltp_read_only}; JAR=${JAR:-target/oltpbench.jar}; OUT=$(mktemp -d /tmp/querycost.XXXXXX)
SB="$WORKLOAD --mysql-host=127.0.0.1 --mysql-port=$PORT --mysql-user=sb --mysql-password=sbpw --tables=4 --table-size=100000 --threads=$THREADS"
one() { # name seconds command... (the command's last word, the verb, comes after --time)
  local name=$1 secs=$2; shift 2
  /usr/bin/time -f 'cpu %U %S' "${@:1:$#-1}" --time="$secs" "${@: -1}" > "$OUT/$name.$secs.$r" 2>&1 || true
}
for r in $(seq "$ROUNDS"); do
  for secs in "$SHORT" "$LONG"; do
    one sysbench "$secs" sysbench $SB run
    for spec in "$@"; do
      name=${spec%%=*}; conn=${spec#*=}
      one "$name" "$secs" java -jar "$JAR" sysbench $SB --set conn="$conn" --set resultDirectory="$OUT/r" run
    done
  done
done
python3 - "$OUT" "$ROUNDS" "$SHORT" "$LONG" sysbench "$@" <<'PY'
import sys, re, statistics
out, rounds, short, long_ = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
names = [a.split('=')[0] for a in sys.argv[5:]]
def read(name, secs, r):
    t = open(f'{out}/{name}.{secs}.{r}').read()
    u, s = map(float, re.findall(r'^cpu ([\d.]+) ([\d.]+)', t, re.M)[-1])
    q = re.search(r'queries: +(\d+)', t)
    return u + s, int(q.group(1))
base = None
for n in names:
    per = []
    for r in range(1, rounds + 1):
        (c0, q0), (c1, q1) = read(n, short, r), read(n, long_, r)
        per.append((c1 - c0) / (q1 - q0) * 1e6)
    m = statistics.median(per); base = base or m
    print('%-10s client µs/query %s  median %.1f  ratio to sysbench %.2f' % (n, ' '.join('%.1f' % x for x in per), m, m / base))
PY
echo "runs: $OUT"
