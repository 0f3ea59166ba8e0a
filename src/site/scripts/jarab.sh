#!/usr/bin/env bash
# Jars of oltpbench alternated on one level (issue 47 §3): ROUNDS rounds, each jar once per round in the order given;
# per run the QPS and the client's cores from the console's summary and [Resources] line, then per jar the sum of QPS
# over the rounds, the ratio of each jar's sum to the first's, and the client's CPU per query (µs) over rounds SKIP+1..
#   ROUNDS=7 SKIP=3 jarab.sh /tmp/ob-5efff72.jar /tmp/ob-25742b7.jar target/oltpbench.jar -- --set workload=oltp_read_write ...
set -euo pipefail
ROUNDS=${ROUNDS:-7}; SKIP=${SKIP:-3}; OUT=$(mktemp -d /tmp/jarab.XXXXXX)
JARS=(); while [ "$1" != "--" ]; do JARS+=("$1"); shift; done; shift
for r in $(seq "$ROUNDS"); do
  for i in "${!JARS[@]}"; do
    java -jar "${JARS[$i]}" "$@" --set resultDirectory="$OUT/res" run > "$OUT/$i.$r" 2>&1 || true
  done
done
python3 - "$OUT" "$ROUNDS" "$SKIP" "${JARS[@]}" <<'PY'
import sys, re
out, rounds, skip, jars = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
sums = []
for i, jar in enumerate(jars):
    qps, cpu = [], []
    for r in range(1, rounds + 1):
        t = open(f'{out}/{i}.{r}').read()
        q = re.search(r'queries: +\d+ +\(([\d.]+) per sec', t)
        c = re.search(r'\[Resources\] client ([\d.]+) of', t)
        qps.append(float(q.group(1)) if q else float('nan')); cpu.append(float(c.group(1)) if c else float('nan'))
    late = [c / q * 1e6 for c, q in list(zip(cpu, qps))[skip:]]
    sums.append(sum(qps))
    print('%-28s QPS %s  sum %.0f  ratio %.3f  client µs/query (rounds %d-%d) %.1f' % (jar.split('/')[-1],
          ' '.join('%.0f' % x for x in qps), sum(qps), sum(qps) / sums[0], skip + 1, rounds, sum(late) / len(late)))
PY
echo "runs: $OUT"
