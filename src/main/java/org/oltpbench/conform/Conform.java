package org.oltpbench.conform;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.oltpbench.db.Database;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.workload.Terminal;
import org.oltpbench.workload.Workload;
import org.oltpbench.workload.tpcc.TpccTables;

/**
 * The conform verb (issue 61 §2): the same seeded stream of TPC-C transactions (one terminal, so no transaction waits
 * on another and the inputs are the seed's alone; the 1% of New-Orders that roll back included) replayed on two targets,
 * each as its own job sends them (another engine, dialect, tpccMode, newOrderStyle or isolation), in blocks; after each
 * block every table's written columns are digested on both ({@link TableDigest}), and the first block whose digests
 * differ is named with its tables. The two must digest alike before the first block (the same randSeed, warehouses
 * and layout load the same rows), and pick the same customer for every by-name Payment and Order-Status ({@link
 * NamePicks}: the servers' collations order C_FIRST alike), else there is no judgement.
 */
public final class Conform {
    /** Loads a side's data set afresh, as its job loaded it (the same randSeed): cleanup, then prepare. */
    @FunctionalInterface
    public interface Reload {
        void reload() throws SQLException;
    }

    /** One side: its label, database (closed with the side), workload, layout and how to load it afresh (null: it cannot). */
    public record Side(String label, Database db, Workload workload, TpccTables tables, Reload reload) implements AutoCloseable {
        @Override
        public void close() {
            db.close();
        }
    }

    /** What conform found: the transactions replayed, and the first block that differed (0 when none) and its tables. */
    public record Outcome(int replayed, int firstFrom, int firstTo, List<Differs> tables) {
        public boolean same() {
            return firstFrom == 0;
        }
    }

    /** A table whose digests differ: its name in the sides' layout, and each side's digest. */
    public record Differs(String table, String a, String b) {
        /** As conform prints it: "name (A's digest against B's)". */
        @Override
        public String toString() {
            return table + " (" + a + " against " + b + ")";
        }
    }

    private Conform() {
    }

    /**
     * Exit codes: 0 the same data, 1 a difference named, 2 no judgement (the data sets differ before the replay, or the
     * two servers pick other customers by last name from the same rows).
     */
    public static int run(Side a, Side b, int transactions, int every, long seed, PrintStream out) throws SQLException {
        Map<String, String> da = TableDigest.of(a.db(), a.tables()), db = TableDigest.of(b.db(), b.tables());
        List<Differs> before = differing(da, db);
        if (!before.isEmpty()) {
            out.println("conform: no judgement: the two data sets differ before the replay (" + said(before)
                    + "); load both with the same randSeed, warehouses and tpccSchema");
            return 2;
        }
        NamePicks.Comparison picks = NamePicks.compare(NamePicks.of(a.db(), a.tables()), NamePicks.of(b.db(), b.tables()));
        if (!picks.differ().isEmpty()) {
            out.println("conform: no judgement: " + a.label() + " and " + b.label() + " hold the same rows but pick other "
                    + "customers by last name (2.5.2.2's middle row in C_FIRST order) in " + picks.differ().size() + " of "
                    + picks.groups() + " (warehouse, district, last name) groups, first " + picks.differ().get(0) + ": "
                    + "their collations order C_FIRST differently, so a Payment or Order-Status by name writes another "
                    + "customer on each; load both into databases that order by bytes (MySQL family: CREATE DATABASE ... "
                    + "COLLATE utf8mb4_bin; PostgreSQL: CREATE DATABASE ... TEMPLATE template0 LC_COLLATE 'C')");
            return 2;
        }
        out.printf("conform: %s and %s hold the same data; replaying %,d TPC-C transactions (seed %d) on each, digests every %,d%n",
                a.label(), b.label(), transactions, seed, every);
        Outcome o = replay(a, b, transactions, every, seed, out);
        if (o.same()) {
            out.printf("conform: the same data after %,d transactions on %s and %s (every written column of %d tables)%n",
                    o.replayed(), a.label(), b.label(), da.size());
            return 0;
        }
        out.printf("conform: DIFFERENT: the first difference is in transactions %,d-%,d (the seed's stream, from 1), in %s%n",
                o.firstFrom(), o.firstTo(), said(o.tables()));
        for (Differs t : o.tables()) {
            String name = t.table();
            String row = TableDigest.firstDifference(a.db(), a.tables(), b.db(), b.tables(), TableDigest.bmsqlName(a.tables(), name));
            if (row != null) out.println("  " + name + ": first differing " + row);
        }
        if (o.firstTo() > o.firstFrom()) nameTheTransaction(a, b, o, seed, out);
        return 1;
    }

    /**
     * Names the first transaction of the differing block whose effects differ: both sides loaded afresh (their digests
     * equal again), the stream replayed up to the block without digests, then the block's differing tables digested
     * after each transaction. Said instead where a side cannot be reloaded or reloads otherwise.
     */
    private static void nameTheTransaction(Side a, Side b, Outcome o, long seed, PrintStream out) throws SQLException {
        if (a.reload() == null || b.reload() == null) {
            out.println("  (conformCheckEvery=1 with conformTransactions=" + o.firstTo() + " on fresh loads names the transaction itself)");
            return;
        }
        List<String> tables = new ArrayList<>();
        for (Differs t : o.tables()) tables.add(TableDigest.bmsqlName(a.tables(), t.table()));
        out.printf("conform: naming the transaction: both loaded afresh, %s replayed, then %s digested after each of %,d-%,d%n",
                o.firstFrom() == 1 ? "none" : String.format("transactions 1-%,d", o.firstFrom() - 1), String.join(", ", tables),
                o.firstFrom(), o.firstTo());
        a.reload().reload();
        b.reload().reload();
        List<Differs> before = differing(TableDigest.of(a.db(), a.tables()), TableDigest.of(b.db(), b.tables()));
        if (!before.isEmpty()) {
            out.println("conform: the transaction is not named: the reloaded data sets differ (" + said(before) + ")");
            return;
        }
        try (Connection ca = a.db().connect(); Terminal ta = a.workload().terminal(ca, 0, 1, seed);
             Connection cb = b.db().connect(); Terminal tb = b.workload().terminal(cb, 0, 1, seed)) {
            ThreadStats sa = stats(a.workload()), sb = stats(b.workload());
            for (int i = 1; i < o.firstFrom(); i++) {
                ta.next(sa);
                tb.next(sb);
            }
            for (int i = o.firstFrom(); i <= o.firstTo(); i++) {
                ta.next(sa);
                tb.next(sb);
                if (!differing(TableDigest.of(a.db(), a.tables(), tables), TableDigest.of(b.db(), b.tables(), tables)).isEmpty()) {
                    out.printf("conform: the first transaction whose effects differ is %,d of the seed's stream%n", i);
                    return;
                }
            }
        }
        out.println("conform: the transaction is not named: replayed again, the block left the same data (the difference "
                + "depends on more than the stream: timing, or another session)");
    }

    private static Outcome replay(Side a, Side b, int transactions, int every, long seed, PrintStream out) throws SQLException {
        try (Connection ca = a.db().connect(); Terminal ta = a.workload().terminal(ca, 0, 1, seed);
             Connection cb = b.db().connect(); Terminal tb = b.workload().terminal(cb, 0, 1, seed)) {
            ThreadStats sa = stats(a.workload()), sb = stats(b.workload());
            int done = 0;
            while (done < transactions) {
                int block = Math.min(every, transactions - done);
                for (int i = 0; i < block; i++) ta.next(sa);
                for (int i = 0; i < block; i++) tb.next(sb);
                List<Differs> differ = differing(TableDigest.of(a.db(), a.tables()), TableDigest.of(b.db(), b.tables()));
                if (!differ.isEmpty()) return new Outcome(done + block, done + 1, done + block, differ);
                done += block;
                out.printf("conform: %,d of %,d: the same%n", done, transactions);
            }
            return new Outcome(done, 0, 0, List.of());
        }
    }

    private static ThreadStats stats(Workload w) {
        return new ThreadStats(w.info().transactions().size(), false, false, w.info().tallies().size());
    }

    /** The tables whose digests differ, named as in {@code a}; compared in order (the same layouts' tables). */
    static List<Differs> differing(Map<String, String> a, Map<String, String> b) {
        List<Differs> out = new ArrayList<>();
        List<String> ka = new ArrayList<>(a.keySet()), kb = new ArrayList<>(b.keySet());
        for (int i = 0; i < ka.size(); i++) {
            String va = a.get(ka.get(i)), vb = b.get(kb.get(i));
            if (!va.equals(vb)) out.add(new Differs(ka.get(i), va, vb));
        }
        return out;
    }

    private static String said(List<Differs> tables) {
        return String.join(", ", tables.stream().map(Differs::toString).toList());
    }
}
