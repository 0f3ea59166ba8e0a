# Issue 42 §1.6 (GateTest.aPickedRepeatIsNotPrintedAsTheJudgedFigure, BaselineTest.aViolationPrintsTheMeansItJudged):
# base repeats 100/101/99/100/101/99 tps, new 92/80/80/80/80/80; the ratio of the means with its log-scale
# delta-method interval, t at min(6, 6) - 1 = 5 degrees of freedom (stats.Confidence.ratio).
import numpy as np
from scipy import stats
def iv(x):
    x = np.array(x, float); return x.mean(), x.std(ddof=1) / np.sqrt(len(x))
mb, sb = iv([100, 101, 99, 100, 101, 99]); mn, sn = iv([92, 80, 80, 80, 80, 80])
r = mn / mb; h = stats.t.ppf(0.975, 5) * np.sqrt((sn / mn) ** 2 + (sb / mb) ** 2)
print(mb, mn, r, r * np.exp(-h), r * np.exp(h))
# 100.0 82.0 0.82 0.7696289304204281 0.8736677812159236
