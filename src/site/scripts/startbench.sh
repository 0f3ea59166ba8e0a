#!/usr/bin/env bash
# The whole command against sysbench's (issue 47): sysbench's own oltp_read_only line and the same line given to each
# oltpbench jar, alternated ROUNDS times; wallclock.py's marks per run, then the medians. A jar named NAME=PATH:aot runs
# with its start-up cache (trained once on the same line before the rounds, into a cache directory of its own).
#   ROUNDS=3 PORT=3307 startbench.sh old=/tmp/ob-old.jar new=/tmp/ob-new.jar new-aot=/tmp/ob-new.jar:aot
set -euo pipefail
ROUNDS=${ROUNDS:-3}; PORT=${PORT:-3307}; THREADS=${THREADS:-4}; TIME=${TIME:-5}
HERE=$(cd "$(dirname "$0")" && pwd); OUT=$(mktemp -d /tmp/startbench.XXXXXX)
SB="oltp_read_only --mysql-host=127.0.0.1 --mysql-port=$PORT --mysql-user=sb --mysql-password=sbpw --tables=4 --table-size=100000 --threads=$THREADS --time=$TIME --report-interval=1"
declare -A CMD
for spec in "$@"; do
  name=${spec%%=*}; jar=${spec#*=}; cache="$OUT/cache-$name"
  if [[ $jar == *:aot ]]; then
    jar=${jar%:aot}; OLTPBENCH_CACHE=$cache java -jar "$jar" aot sysbench $SB --time=10 --set resultDirectory="$OUT/train" run > /dev/null 2>&1
  fi
  CMD[$name]="env OLTPBENCH_CACHE=$cache java -jar $jar sysbench $SB --set resultDirectory=$OUT/r run"
done
for r in $(seq "$ROUNDS"); do
  python3 "$HERE/wallclock.py" -- sysbench $SB run > "$OUT/sysbench.$r" 2>&1
  for spec in "$@"; do name=${spec%%=*}; python3 "$HERE/wallclock.py" -- ${CMD[$name]} > "$OUT/$name.$r" 2>&1; done
done
python3 - "$OUT" sysbench "$@" <<'PY'
import sys, glob, re, statistics
out, names = sys.argv[1], [a.split('=')[0] for a in sys.argv[2:]]
marks = ['banner', 'first interval', 'last interval', 'summary', 'results path', 'exit']
print('%-10s ' % 'command' + ' '.join('%15s' % m for m in marks) + '  first/steady tps')
for n in names:
    rows = {m: [] for m in marks}; ratio = []
    for f in sorted(glob.glob(f'{out}/{n}.*')):
        t = open(f).read()
        for m in marks:
            x = re.search(r'^%s\s+([\d.]+)' % re.escape(m), t, re.M)
            if x: rows[m].append(float(x.group(1)))
        tps = [float(v) for v in re.findall(r'\[ *\d+s \] thds: \d+ tps: ([\d.]+)', t)]
        if len(tps) > 2: ratio.append(tps[0] / statistics.median(tps[1:]))
    print('%-10s ' % n + ' '.join('%15s' % ('%.2f' % statistics.median(rows[m]) if rows[m] else '-') for m in marks)
          + '  %.2f' % statistics.median(ratio) if ratio else '')
PY
echo "runs: $OUT"
