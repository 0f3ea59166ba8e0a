# Issue 42 review: t intervals over few repeats (ConfidenceTest, StandingTest).
# python3 src/test/resources/expected/repeats_interval.py
import numpy as np
from scipy import stats

def t_interval(x):
    x = np.array(x, float)
    m = x.mean(); se = x.std(ddof=1) / np.sqrt(len(x)); h = stats.t.ppf(0.975, len(x) - 1) * se
    return m, max(0.0, m - h), m + h, se

print("{1,1,100}:", t_interval([1, 1, 100]))            # 34, 0, 175.98754008173225
print("{100,130}:", t_interval([100, 130]))             # 115, 0, 305.59
print("{135,170}:", t_interval([135, 170]))             # 152.5, 0, 374.86
print("Welch:", stats.ttest_ind([100, 130], [135, 170], equal_var=False))  # p = 0.248: no rise
