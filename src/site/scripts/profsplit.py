#!/usr/bin/env python3
"""Whose client CPU a query costs (issue 47 §3), from async-profiler's collapsed stacks with thread names
(its own jar from Maven Central, tools.profiler:async-profiler, linux-x64/libasyncProfiler.so):
    java -agentpath:libasyncProfiler.so=start,event=cpu,interval=1ms,threads,collapsed,file=run.collapsed -jar oltpbench.jar ...
    profsplit.py run.collapsed com/mysql/cj
Only the terminals' threads (oltpbench-N), their connect and prepare left out. Each sample goes to the innermost frame
that is the driver's or oltpbench's (the JDK code and the JVM's stubs beneath it are its callee's); a sample inside a
socket read or write (JDK's and the kernel's) is the network's, which every client pays; the rest is the JVM's alone.
"""
import collections, re, sys

path, driver = sys.argv[1], sys.argv[2]
terminal = re.compile(r'\[oltpbench-\d+ tid=\d+\]')
network = ('sun/nio/ch/SocketDispatcher', 'sun/nio/ch/NioSocketImpl', 'sun/nio/ch/Net.poll', 'java/net/SocketInputStream',
           'java/net/SocketOutputStream')
share, tool_self, driver_by = collections.Counter(), collections.Counter(), collections.Counter()
for line in open(path):
    stack, _, count = line.rstrip('\n').rpartition(' ')
    frames = stack.split(';')
    if not terminal.fullmatch(frames[0]) or any('Worker.setUp' in f for f in frames):
        continue
    n = int(count)
    if any(f.startswith(network) for f in frames):
        share['network (socket reads and writes)'] += n
        continue
    owner = next((f for f in reversed(frames) if f.startswith(driver) or f.startswith('org/oltpbench')), None)
    if owner is None:
        share['JVM alone'] += n
    elif owner.startswith(driver):
        share['driver'] += n
        driver_by[owner.rsplit('.', 1)[0]] += n
    else:
        share['oltpbench'] += n
        tool_self[owner + (' > ' + frames[-1] if frames[-1] != owner else '')] += n
total = sum(share.values())
print('%d samples of the terminals\' threads' % total)
for who, n in share.most_common():
    print('%-36s %5.1f%%' % (who, 100.0 * n / total))
print('oltpbench\'s, by its innermost frame (> the JDK frame beneath it):')
for f, n in tool_self.most_common(12):
    print('    %5.1f%%  %s' % (100.0 * n / total, f))
print('the driver\'s, by its innermost class:')
for c, n in driver_by.most_common(12):
    print('    %5.1f%%  %s' % (100.0 * n / total, c))
