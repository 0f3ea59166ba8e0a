package org.oltpbench.workload.ch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.oltpbench.dialect.Dialect;

/**
 * CH-benCHmark's 22 queries in one dialect, read from queries.sql (where each adaptation is written beside its query).
 * Date bounds become parameters, bound once per session; {@code {cs X}} becomes the dialect's case-sensitive operand.
 */
public final class ChQueries {
    /** The date bounds a query binds, in order: before every row, after every row the run can write. */
    public enum Bound { SINCE, UNTIL }

    /**
     * One query.
     *
     * @param number 1..22
     * @param sql    the dialect's text, date bounds as {@code ?}
     * @param binds  what each {@code ?} is
     */
    public record Query(int number, String sql, List<Bound> binds) {
        public String name() {
            return "Q" + number;
        }
    }

    public static final int COUNT = 22;
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(since|until|cs ([a-z_0-9.]+))}");

    private ChQueries() {
    }

    /** The 22 queries for {@code d} on BenchmarkSQL's tables, Q1 first. */
    public static List<Query> of(Dialect d) {
        return of(d, org.oltpbench.workload.tpcc.TpccTables.BENCHMARKSQL);
    }

    /** The 22 queries for {@code d} on layout {@code t}'s tables (go-tpc's: its names and supplier columns), Q1 first. */
    public static List<Query> of(Dialect d, org.oltpbench.workload.tpcc.TpccTables layout) {
        List<Query> out = new ArrayList<>();
        StringBuilder sql = new StringBuilder();
        for (String line : layout.sql(text()).split("\n")) {
            String t = line.strip();
            if (t.startsWith("--") || t.isEmpty()) continue;
            sql.append(line).append('\n');
            if (t.endsWith(";")) {
                out.add(query(out.size() + 1, sql.substring(0, sql.lastIndexOf(";")), d));
                sql.setLength(0);
            }
        }
        if (out.size() != COUNT) throw new IllegalStateException("queries.sql holds " + out.size() + " queries, not 22");
        return List.copyOf(out);
    }

    private static Query query(int n, String text, Dialect d) {
        List<Bound> binds = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String replacement;
            if (m.group(2) != null) {
                replacement = d.caseSensitive(m.group(2));
            } else {
                binds.add(m.group(1).equals("since") ? Bound.SINCE : Bound.UNTIL);
                replacement = "?";
            }
            m.appendReplacement(b, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(b);
        return new Query(n, b.toString().strip(), List.copyOf(binds));
    }

    private static String text() {
        try (InputStream in = ChQueries.class.getResourceAsStream("queries.sql")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("queries.sql is missing from the jar", e);
        }
    }
}
