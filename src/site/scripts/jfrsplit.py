#!/usr/bin/env python3
"""Whose CPU a JFR recording's execution samples are (issue 47 §3): each jdk.ExecutionSample of a benchmark terminal
thread is the driver's when any frame of its stack is the driver's package, else the tool's when a frame is
org.oltpbench's, else the JDK's alone; then the top self frames of each share, and the driver's by class.
    jfr print --json --events jdk.ExecutionSample --stack-depth 96 run.jfr > samples.json
    jfrsplit.py samples.json com.mysql.cj ['oltpbench-\d+' (the terminals' threads; a regex)]
"""
import collections, json, re, sys

samples = json.load(open(sys.argv[1]))['recording']['events']
driver = sys.argv[2]
threads = re.compile(sys.argv[3] if len(sys.argv) > 3 else r'oltpbench-\d+')


def name(frame):
    m = frame['method']
    return m['type']['name'] + '.' + m['name']


share, self_by, driver_by = collections.Counter(), collections.defaultdict(collections.Counter), collections.Counter()
total = 0
for e in samples:
    v = e['values']
    thread = (v.get('sampledThread') or {}).get('javaName') or ''
    if not threads.fullmatch(thread):
        continue
    frames = [name(f) for f in v['stackTrace']['frames']]
    if not frames:
        continue
    total += 1
    if any(f.startswith(driver) for f in frames):
        who = 'driver'
        top_driver = next(f for f in frames if f.startswith(driver))
        driver_by[top_driver.rsplit('.', 1)[0]] += 1
    elif any(f.startswith('org.oltpbench') for f in frames):
        who = 'tool'
    else:
        who = 'jdk alone'
    share[who] += 1
    self_by[who][frames[0]] += 1

print('%d samples of threads named %s' % (total, threads.pattern))
for who, n in share.most_common():
    print('%-10s %5.1f%%' % (who, 100.0 * n / total))
    for f, k in self_by[who].most_common(8):
        print('    %5.1f%%  %s' % (100.0 * k / total, f))
print('the driver by its innermost class on the stack:')
for c, k in driver_by.most_common(12):
    print('    %5.1f%%  %s' % (100.0 * k / total, c))
