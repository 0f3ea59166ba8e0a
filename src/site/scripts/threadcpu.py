import os, sys, time, subprocess, collections
cmd = sys.argv[1:]
p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
t0 = time.monotonic(); hz = os.sysconf('SC_CLK_TCK')
def snap():
    out = collections.Counter()
    # the java child of the launcher: every process in p's tree
    pids = [str(p.pid)]
    try:
        for line in subprocess.run(['pgrep', '-P', str(p.pid)], capture_output=True, text=True).stdout.split(): pids.append(line)
    except Exception: pass
    for pid in pids:
        try:
            for tid in os.listdir(f'/proc/{pid}/task'):
                try:
                    name = open(f'/proc/{pid}/task/{tid}/comm').read().strip()
                    f = open(f'/proc/{pid}/task/{tid}/stat').read().rsplit(')', 1)[1].split()
                    k = 'C2' if name.startswith('C2') else 'C1' if name.startswith('C1') else 'GC' if ('GC' in name or name.startswith('G1')) else 'oltpbench-' if name.startswith('oltpbench') else 'other'
                    out[k] += (int(f[11]) + int(f[12])) / hz
                except Exception: pass
        except Exception: pass
    return out
prev = snap(); rows = []
while p.poll() is None:
    time.sleep(0.5)
    cur = snap(); d = {k: cur[k] - prev.get(k, 0) for k in cur}; prev = cur
    print('%5.1f ' % (time.monotonic() - t0) + ' '.join('%s=%.2f' % (k, v / 0.5) for k, v in sorted(d.items()) if v > 0))
