# Expected values of SpreadsTest, TrendTest and ConfidenceTest (issue 42, findings 9-11), computed apart from oltpbench:
#   /usr/bin/python3 src/test/resources/expected/spread_stats.py        (numpy, SciPy 1.10)
# Batches are consecutive pairs of one-second-or-longer report intervals (20 intervals: 10 batches of 2).
import numpy as np
from scipy import stats

def batches(a):
    a = np.asarray(a, float); return a.reshape(-1, 2).sum(axis=1)

def delta_ratio(y, x, figure):
    """Interval of figure = sum(y)/sum(x) by the delta method on the batch means (ratio estimator, Cochran 6.4):
    var(ybar/xbar) ~ (s_y^2 - 2 R s_xy + R^2 s_x^2) / (k xbar^2); t at k-1 degrees of freedom."""
    k = len(y); c = np.cov(y, x, ddof=1)
    se = np.sqrt((c[0, 0] - 2 * figure * c[0, 1] + figure ** 2 * c[1, 1]) / k) / x.mean()
    h = stats.t.ppf(0.975, k - 1) * se
    return figure, figure - h, figure + h

# Finding 10: a mysqlslap-style run, 700 tx a second, whose reporter woke late four times (those intervals longer and slower).
secs = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4.5, 1, 1, 6.2, 1, 1, 3.1, 1]
tx = [700, 690, 710, 705, 695, 700, 702, 698, 700, 701, 699, 700, 300, 700, 698, 250, 705, 695, 400, 700]
y, x = batches(tx), batches(secs)
tps = sum(tx) / sum(secs)
print("finding 10: printed tps %.12g" % tps)
print("  weighted batch means (delta method): %r" % (delta_ratio(y, x, tps),))
bm = y / x
print("  unweighted batch means (ade499c): mean %r, t interval %r" % (bm.mean(),
      stats.t.interval(0.95, 9, loc=bm.mean(), scale=bm.std(ddof=1) / np.sqrt(10))))

# Finding 9: tpmC per server core; New-Orders and the server's CPU-seconds per one-second interval. In batch 3 the
# server all but idled (3 orders on 3 ms of CPU): its own ratio is 60,000 tpmC a core, which the mean of ratios took in.
orders = [40, 42, 41, 39, 2, 1, 44, 40, 38, 41, 41, 43, 40, 42, 39, 42, 41, 40, 39, 43]
cpu = [0.90, 0.95, 0.92, 0.88, 0.002, 0.001, 0.97, 0.91, 0.85, 0.93, 0.92, 0.96, 0.90, 0.94, 0.88, 0.95, 0.93, 0.90, 0.89, 0.97]
y, x = 60 * batches(orders), batches(cpu)
per_core = 60 * sum(orders) / 20 / (sum(cpu) / 20)  # tpmC over the window / server cores over the window
print("finding 9: printed tpmC per server core %.12g" % per_core)
print("  ratio estimator (delta method): %r" % (delta_ratio(y, x, per_core),))
r = y / x
print("  mean of batch ratios (ade499c): %r" % (r.mean(),))

# Finding 11: a level falling toward zero (seekdb, 24 threads), 10 one-minute batches; the fit is on log(tps).
minutes = np.arange(10) * 1.0 + 0.5
rate = np.array([1200, 1100, 950, 700, 420, 200, 90, 30, 12, 5.0])
lr = stats.linregress(minutes, np.log(rate)); t8 = stats.t.ppf(0.975, 8)
pct = lambda b: 100 * np.expm1(b)
print("finding 11: %%/min %r, CI %r to %r, window %r" % (pct(lr.slope), pct(lr.slope - t8 * lr.stderr),
      pct(lr.slope + t8 * lr.stderr), pct(lr.slope * 9)))
lin = stats.linregress(minutes, rate)
print("  linear fit (ade499c): %%/min %r, window %r" % (100 * lin.slope / rate.mean(), 100 * lin.slope / rate.mean() * 9))

# TrendTest: TrendTest's two series on the log scale (equal weights: ordinary least squares).
X = np.array([0.1, 0.3, 0.5, 0.7, 0.9, 1.1, 1.3, 1.5, 1.7, 1.9]); Y = np.array([100, 104, 98, 101, 97, 103, 99, 102, 105, 95.])
for name, yy in (("steady", Y), ("rising", Y + 10 * X)):
    lr = stats.linregress(X, np.log(yy))
    print("trend %s: %r %r %r window %r" % (name, pct(lr.slope), pct(lr.slope - t8 * lr.stderr), pct(lr.slope + t8 * lr.stderr),
          pct(lr.slope * 1.8)))
print("trend tiny: %r" % pct(stats.linregress([0, 1, 2, 3], np.log([1000, 1001, 1002, 1003.])).slope))

# Weighted: the rising series with weights 1,1,1,1,4,1,1,1,1,2 (seconds): weighted least squares, closed form.
w = np.array([1, 1, 1, 1, 4, 1, 1, 1, 1, 2.]); ly = np.log(Y + 10 * X)
W = np.diag(w); A = np.column_stack([np.ones(10), X])
beta = np.linalg.solve(A.T @ W @ A, A.T @ W @ ly); res = ly - A @ beta
s2 = (w * res ** 2).sum() / 8; se = np.sqrt(s2 * np.linalg.inv(A.T @ W @ A)[1, 1])
print("trend weighted: %r %r %r" % (pct(beta[1]), pct(beta[1] - t8 * se), pct(beta[1] + t8 * se)))
