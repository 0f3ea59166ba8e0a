package org.oltpbench.random;

/**
 * Zipf sampling over [1, n] by rejection-inversion (Hörmann and Derflinger, 1996): O(1) per draw,
 * no tables, valid for any exponent s >= 0. Caches the constants for the last n it saw.
 */
final class Zipf {
    private final double s;
    private long n = -1;
    private double hIntegralX1, hIntegralN, sConst;

    Zipf(double exponent) {
        this.s = exponent;
    }

    long sample(long size, SbRandom rnd) {
        if (size <= 1) return 1;
        if (size != n) init(size);
        while (true) {
            double u = hIntegralN + rnd.nextDouble() * (hIntegralX1 - hIntegralN);
            double x = hIntegralInverse(u);
            long k = (long) (x + 0.5);
            if (k < 1) k = 1;
            else if (k > n) k = n;
            if (k - x <= sConst || u >= hIntegral(k + 0.5) - h(k)) return k;
        }
    }

    private void init(long size) {
        n = size;
        hIntegralX1 = hIntegral(1.5) - 1.0;
        hIntegralN = hIntegral(size + 0.5);
        sConst = 2.0 - hIntegralInverse(hIntegral(2.5) - h(2));
    }

    private double h(double x) {
        return Math.exp(-s * Math.log(x));
    }

    private double hIntegral(double x) {
        double logX = Math.log(x);
        return helper2((1.0 - s) * logX) * logX;
    }

    private double hIntegralInverse(double x) {
        double t = x * (1.0 - s);
        if (t < -1.0) t = -1.0;
        return Math.exp(helper1(t) * x);
    }

    /** log(1 + x) / x, stable near 0. */
    private static double helper1(double x) {
        return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x));
    }

    /** (exp(x) - 1) / x, stable near 0. */
    private static double helper2(double x) {
        return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1.0 + x * 0.5 * (1.0 + x * (1.0 / 3.0) * (1.0 + 0.25 * x));
    }
}
