# Issue 43: the probabilities of pgbench 15's random functions over [1, 10] (PgRandomTest), and the chi-square bound.
# python3 src/test/resources/expected/pgbench_distributions.py
# random(lb, ub): uniform. random_gaussian(lb, ub, p): a standard normal kept in [-p, p), mapped linearly onto the
# interval: value k when z is in [2p(k-lb)/n - p, 2p(k-lb+1)/n - p). random_exponential(lb, ub, p): p*r is an
# exponential truncated at p: value k when p*r is in [p(k-lb)/n, p(k-lb+1)/n). random_zipfian(lb, ub, s): k^-s / H(n, s).
import numpy as np
from scipy import stats

lb, ub = 1, 10
n = ub - lb + 1
k = np.arange(lb, ub + 1)

def show(name, p):
    print(name + ": " + ", ".join(repr(float(x)) for x in p))

show("uniform", np.full(n, 1.0 / n))
p = 2.5
g = stats.truncnorm(-p, p)
show("gaussian 2.5", g.cdf(2 * p * (k - lb + 1) / n - p) - g.cdf(2 * p * (k - lb) / n - p))
p = 1.5
e = stats.truncexpon(b=p)
show("exponential 1.5", e.cdf(p * (k - lb + 1) / n) - e.cdf(p * (k - lb) / n))
s = 1.5
show("zipfian 1.5", stats.zipfian.pmf(k - lb + 1, s, n))
print("chi2 0.999 df=9:", stats.chi2.ppf(0.999, n - 1))
