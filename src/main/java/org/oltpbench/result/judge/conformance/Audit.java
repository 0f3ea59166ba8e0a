package org.oltpbench.result.judge.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oltpbench.result.judge.conformance.Conformance.Rule;
import org.oltpbench.result.judge.conformance.Conformance.Verdict;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.counted.Counts;
import org.oltpbench.result.repeat.counted.TxnMetrics;

/**
 * The audit of a TPC-C repeat's generated workload, as CockroachDB's tpcc audit checks its own: each input the spec
 * sets a share for, against a range around it, from the terminals' tallies ({@link Counts#tallies}) of the window's
 * transactions. A figure is a sample: one within 3 standard errors outside its range (binomial for shares, √(10/n) for
 * the mean of 5..15 order lines) still passes, and every line says its sample size.
 */
final class Audit {
    private Audit() {
    }

    /** One audited input: its clause, name, tally (null: a rule of the counts), range and the share it stands for. */
    record Item(String clause, String what, double low, double high, double p) {
    }

    static List<Rule> rules(RepeatResult r, int warehouses) {
        Counts c = r.counts();
        List<Rule> out = new ArrayList<>();
        if (!c.tallies().containsKey("newOrderLines")) {
            out.add(new Rule("2.4-2.7", "audit of the generated workload", Verdict.NOT_APPLICABLE,
                    "not applicable, because this result has no tallies of the generated inputs (written before they were kept)"));
            return out;
        }
        long orders = completed(r, "NEW_ORDER"), lines = c.tally("newOrderLines");
        TxnMetrics no = r.transaction("NEW_ORDER");
        out.add(share(new Item("2.4.1.4", "New-Order rolled back", 0.009, 0.011, 0.01), no == null ? 0 : no.rollbacks(), orders));
        out.add(linesPerOrder(lines, orders));
        boolean one = warehouses <= 1;
        out.add(one ? single("2.4.1.5", "remote order lines")
                : c.tally("newOrderLinesDrawnByRoutine") > 0 ? drawnByRoutine(c.tally("newOrderLinesDrawnByRoutine"), lines)
                : share(new Item("2.4.1.5", "remote order lines", 0.0095, 0.0105, 0.01), c.tally("newOrderRemoteLines"), lines));
        long payments = completed(r, "PAYMENT");
        out.add(one ? single("2.5.1.2", "remote Payments")
                : share(new Item("2.5.1.2", "remote Payments", 0.14, 0.16, 0.15), c.tally("paymentRemote"), payments));
        out.add(share(new Item("2.5.1.2", "Payments by last name", 0.57, 0.63, 0.60), c.tally("paymentByName"), payments));
        out.add(share(new Item("2.6.1.2", "Order-Status by last name", 0.57, 0.63, 0.60), c.tally("orderStatusByName"),
                completed(r, "ORDER_STATUS")));
        out.add(share(new Item("2.7.4.2", "Delivery districts skipped", 0, 0.01, 0.01), c.tally("deliverySkippedDistricts"),
                10 * completed(r, "DELIVERY")));
        return out;
    }

    private static long completed(RepeatResult r, String type) {
        TxnMetrics t = r.transaction(type);
        return t == null ? 0 : t.completed();
    }

    /** x of n against [low, high], allowing 3 binomial standard errors at the share p. */
    static Rule share(Item it, long x, long n) {
        if (n == 0) return new Rule(it.clause(), "audit: " + it.what(), Verdict.NOT_APPLICABLE, "not applicable, because none ran");
        double f = (double) x / n, se = Math.sqrt(it.p() * (1 - it.p()) / n);
        boolean ok = f >= it.low() - 3 * se && f <= it.high() + 3 * se;
        return new Rule(it.clause(), "audit: " + it.what(), ok ? Verdict.PASS : Verdict.FAIL, String.format(Locale.ROOT,
                "%.3f%% (%d of %d; range %s-%s%%, 3 standard errors %.3f%%)", 100 * f, x, n, pct(it.low()), pct(it.high()), 300 * se));
    }

    /** The mean order lines per New-Order against 9.5-10.5 (uniform 5..15: mean 10, variance 10). */
    static Rule linesPerOrder(long lines, long orders) {
        String what = "audit: order lines per New-Order";
        if (orders == 0) return new Rule("2.4.1.3", what, Verdict.NOT_APPLICABLE, "not applicable, because none ran");
        double mean = (double) lines / orders, se = Math.sqrt(10.0 / orders);
        boolean ok = mean >= 9.5 - 3 * se && mean <= 10.5 + 3 * se;
        return new Rule("2.4.1.3", what, ok ? Verdict.PASS : Verdict.FAIL, String.format(Locale.ROOT,
                "%.3f (%d lines of %d orders; range 9.5-10.5, 3 standard errors %.3f)", mean, lines, orders, 3 * se));
    }

    /** Lines whose supply warehouses the server's routine drew (HammerDB's NEWORD signature): the client cannot count them. */
    private static Rule drawnByRoutine(long drawn, long lines) {
        return new Rule("2.4.1.5", "audit: remote order lines", Verdict.NOT_APPLICABLE, String.format(Locale.ROOT,
                "not applicable, because the stored routine drew the supply warehouses of %d of the %d lines (HammerDB's "
                        + "NEWORD takes only their count; its 1%% is the routine's text)", drawn, lines));
    }

    private static Rule single(String clause, String what) {
        return new Rule(clause, "audit: " + what, Verdict.NOT_APPLICABLE, "not applicable, because one warehouse has no remote one");
    }

    private static String pct(double f) {
        return new java.math.BigDecimal(100 * f).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
