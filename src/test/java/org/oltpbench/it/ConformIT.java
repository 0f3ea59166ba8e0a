package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 61 §2: conform replays one seeded stream of TPC-C transactions on two targets and digests every written
 * column. On the shared MariaDB: tpccMode=client against tpccMode=procedures (three copies of one seeded load) leave
 * the same data after 2,000 transactions; a deliberate one-statement difference (a trigger that adds a cent to D_YTD on
 * every update of a district, as a dialect writing the district updates otherwise would) is found, and with a
 * digest after every transaction named to one transaction: the stream's first that updates a district. Client
 * against procedures on MySQL 8, PostgreSQL and seekdb is TpccProceduresIT's (the same digest over 1,000 transactions of
 * each New-Order routine; conform's 10,000 by hand are in performance.md); TiDB has no stored routines, said in one line. Across engines, MariaDB against PostgreSQL: the same
 * rows in databases of case-blind and byte collations pick other customers by last name, so conform gives no
 * judgement and says how to load them; in databases that both order by bytes, the same data after 2,000.
 */
class ConformIT {
    @Test
    void clientAndProceduresLeaveTheSameDataAndADifferenceIsNamed(@TempDir Path dir) throws Exception {
        Tools.Login a = SharedMariaDb.database(ConformIT.class, "client"), b = SharedMariaDb.database(ConformIT.class, "procs"),
                c = SharedMariaDb.database(ConformIT.class, "skewed");
        Path pa = props(dir, "client", a, ""), pb = props(dir, "procs", b, "tpccMode=procedures\n"), pc = props(dir, "skewed", c, "");
        for (Path p : new Path[] {pa, pb, pc}) {
            Tools.Outcome prepared = Tools.cli("-c", p.toString(), "prepare");
            assertEquals(0, prepared.code(), prepared.out() + prepared.err());
        }
        Tools.Outcome same = Tools.cli("-c", pa.toString(), "-c", pb.toString(), "--set", "conformTransactions=2000", "conform");
        assertEquals(0, same.code(), same.out() + same.err());
        assertTrue(same.out().contains("conform: the same data after 2,000 transactions on client and procs"), same.out());

        // the deliberate difference, against the client copy (which the 2,000 above changed: a fresh load of its own)
        Tools.Login fresh = SharedMariaDb.database(ConformIT.class, "fresh");
        Path pf = props(dir, "fresh", fresh, "");
        assertEquals(0, Tools.cli("-c", pf.toString(), "prepare").code());
        try (var conn = Tools.connect(c.url(), c.user(), c.password()); var st = conn.createStatement()) {
            st.execute(DISTRICT_SKEW);
        }
        Tools.Outcome differ = Tools.cli("-c", pf.toString(), "-c", pc.toString(), "--set", "conformTransactions=40",
                "--set", "conformCheckEvery=40", "conform");
        System.out.println("conform, a trigger on one side:\n" + differ.out());
        assertEquals(1, differ.code(), differ.out() + differ.err());
        assertTrue(differ.out().contains("the first difference is in transactions 1-40 (the seed's stream, from 1), in bmsql_district"),
                differ.out());
        assertTrue(differ.out().contains("bmsql_district: first differing row"), differ.out());
        // naming it loads both afresh, which drops the trigger with its table: said, not guessed
        assertTrue(differ.out().contains("conform: the transaction is not named: replayed again, the block left the same data"),
                differ.out());
    }

    private static final String DISTRICT_SKEW = "CREATE TRIGGER skew BEFORE UPDATE ON bmsql_district FOR EACH ROW SET NEW.d_ytd = NEW.d_ytd + 0.01";
    /** Delivery's carrier another: a difference that only the stream's Deliveries (about 1 in 23) show. */
    private static final String CARRIER_SKEW = "CREATE TRIGGER skew BEFORE UPDATE ON bmsql_oorder FOR EACH ROW "
            + "SET NEW.o_carrier_id = NEW.o_carrier_id % 10 + 1";

    /**
     * conform names the first transaction whose effects differ, through the Java API's sides (the skewed side's reload
     * makes its trigger again, as a dialect's different statement is there again): the named transaction is the first
     * after which the data differ, checked by replaying one fewer (the same data) and exactly that many (different).
     */
    @Test
    void theFirstDifferingTransactionIsNamed() throws Exception {
        Tools.Login f = SharedMariaDb.database(ConformIT.class, "named_a"), c = SharedMariaDb.database(ConformIT.class, "named_b");
        String[] keys = {"workload=tpcc", "warehouses=1", "loadWorkers=2", "randSeed=9"};
        org.oltpbench.config.Config cf = Contract.serverConfig("mariadb", f.url(), f.user(), f.password(), keys),
                cc = Contract.serverConfig("mariadb", c.url(), c.user(), c.password(), keys);
        try (var dbF = org.oltpbench.db.Database.open(Params.target(cf), org.oltpbench.dialect.Dialects.forName("mariadb"));
             var dbC = org.oltpbench.db.Database.open(Params.target(cc), org.oltpbench.dialect.Dialects.forName("mariadb"))) {
            var wf = Params.tpcc(cf, dbF.dialect(), Contract.QUIET);
            var wc = Params.tpcc(cc, dbC.dialect(), Contract.QUIET);
            org.oltpbench.conform.Conform.Reload reloadF = () -> {
                wf.cleanup(dbF);
                wf.prepare(dbF);
            };
            org.oltpbench.conform.Conform.Reload reloadC = () -> {
                wc.cleanup(dbC);
                wc.prepare(dbC);
                try (var conn = dbC.connect(); var st = conn.createStatement()) {
                    st.execute(CARRIER_SKEW);
                }
            };
            var a = new org.oltpbench.conform.Conform.Side("fresh", dbF, wf, org.oltpbench.workload.tpcc.TpccTables.BENCHMARKSQL, reloadF);
            var b = new org.oltpbench.conform.Conform.Side("skewed", dbC, wc, org.oltpbench.workload.tpcc.TpccTables.BENCHMARKSQL, reloadC);
            Replayed named = replay(a, b, 60);
            assertEquals(1, named.code(), named.out());
            Matcher m = Pattern.compile("the first transaction whose effects differ is (\\d+) of").matcher(named.out());
            assertTrue(m.find(), named.out());
            int n = Integer.parseInt(m.group(1));
            assertTrue(n > 1 && n <= 60, "a Delivery of the stream, not its first transaction: " + named.out());
            Replayed before = replay(a, b, n - 1), upTo = replay(a, b, n);
            assertEquals(0, before.code(), "one fewer leaves the same data: " + before.out());
            assertEquals(1, upTo.code(), upTo.out());
            assertTrue(upTo.out().contains("the first difference is in transactions 1-" + n + " ")
                    && upTo.out().contains("the first transaction whose effects differ is " + n + " of"), upTo.out());
        }
    }

    private record Replayed(int code, String out) {
    }

    /** Both sides loaded afresh, then {@code n} transactions replayed and digested once at the end. */
    private static Replayed replay(org.oltpbench.conform.Conform.Side a, org.oltpbench.conform.Conform.Side b, int n) throws Exception {
        a.reload().reload();
        b.reload().reload();
        var text = new java.io.ByteArrayOutputStream();
        int code = org.oltpbench.conform.Conform.run(a, b, n, n, 9, new java.io.PrintStream(text, true, java.nio.charset.StandardCharsets.UTF_8));
        String out = text.toString(java.nio.charset.StandardCharsets.UTF_8);
        System.out.println("conform, " + n + " transactions:\n" + out);
        return new Replayed(code, out);
    }

    @Test
    void tidbHasNoProceduresToConformTo(@TempDir Path dir) throws Exception {
        Tools.Login l = database("TIDB", "client");
        Path pa = props(dir, "tidb", "client", l, ""), pb = props(dir, "tidb", "procs", l, "tpccMode=procedures\n");
        // the routines' side first: its job is refused before any data set is looked at
        Tools.Outcome o = Tools.cli("-c", pb.toString(), "-c", pa.toString(), "conform");
        assertTrue(o.code() != 0, o.out() + o.err());
        assertTrue(o.err().contains("tpccMode=procedures") && o.err().contains("use tpccMode=client"), o.err());
        assertTrue(!o.err().contains("\tat "), "one line, no stack trace: " + o.err());
    }

    @Test
    void mariaDbAndPostgresAgreeWhenBothOrderNamesByBytes(@TempDir Path dir) throws Exception {
        Tools.Login blind = SharedMariaDb.database(ConformIT.class, "blind"), bytes = SharedMariaDb.database(ConformIT.class, "bytes");
        try (var c = Tools.connect(bytes.url(), bytes.user(), bytes.password()); var st = c.createStatement()) {
            st.execute("ALTER DATABASE " + bytes.url().substring(bytes.url().lastIndexOf('/') + 1) + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        }
        Tools.Login pg = database("PG", "bytes");
        try (var c = Tools.connect(pg.url().substring(0, pg.url().lastIndexOf('/') + 1) + "postgres", pg.user(), pg.password());
             var st = c.createStatement()) {
            String name = pg.url().substring(pg.url().lastIndexOf('/') + 1);
            st.execute("DROP DATABASE " + name + " WITH (FORCE)");
            st.execute("CREATE DATABASE " + name + " TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C'");
        }
        Path pBlind = props(dir, "mariadb", "blind", blind, ""), pBytes = props(dir, "mariadb", "bytes", bytes, "");
        Path pPg = props(dir, "postgres", "pg", pg, "");
        for (Path p : new Path[] {pBlind, pBytes, pPg}) {
            Tools.Outcome prepared = Tools.cli("-c", p.toString(), "prepare");
            assertEquals(0, prepared.code(), prepared.out() + prepared.err());
        }
        Tools.Outcome none = Tools.cli("-c", pBlind.toString(), "-c", pPg.toString(), "--set", "conformTransactions=100", "conform");
        System.out.println("conform, MariaDB's default collation against PostgreSQL's C:\n" + none.out());
        assertEquals(2, none.code(), none.out() + none.err());
        assertTrue(none.out().contains("pick other customers by last name") && none.out().contains("COLLATE utf8mb4_bin"), none.out());
        Tools.Outcome same = Tools.cli("-c", pBytes.toString(), "-c", pPg.toString(), "--set", "conformTransactions=2000", "conform");
        System.out.println("conform, MariaDB utf8mb4_bin against PostgreSQL C:\n" + same.out());
        assertEquals(0, same.code(), same.out() + same.err());
        assertTrue(same.out().contains("conform: the same data after 2,000 transactions on bytes and pg"), same.out());
    }

    /** A database of {@code name} on the server OLTPBENCH_{@code engine}_URL names (dropped and made afresh). */
    private static Tools.Login database(String engine, String name) throws Exception {
        Tools.requireEnv("OLTPBENCH_" + engine + "_URL", "start the server as .ci/run does and set OLTPBENCH_" + engine + "_URL");
        String url = System.getenv("OLTPBENCH_" + engine + "_URL");
        int slash = url.lastIndexOf('/');
        String user = System.getenv().getOrDefault("OLTPBENCH_" + engine + "_USER", "root");
        String password = System.getenv().getOrDefault("OLTPBENCH_" + engine + "_PASSWORD", "");
        String own = url.substring(0, slash + 1) + name;
        if (!url.startsWith("jdbc:mysql:")) return new Tools.Login(Tools.ownDatabase(own, user, password, ConformIT.class, 90), user, password);
        // MySQL 8's caching_sha2_password in clear: the test's own login may fetch the server's RSA key
        String made = Tools.ownDatabase(own + "?allowPublicKeyRetrieval=true&useSSL=false", user, password, ConformIT.class, 90);
        return new Tools.Login(made.substring(0, made.indexOf('?')), user, password);
    }

    private static Path props(Path dir, String name, Tools.Login l, String extra) throws Exception {
        return props(dir, "mariadb", name, l, extra);
    }

    private static Path props(Path dir, String dialect, String name, Tools.Login l, String extra) throws Exception {
        Path p = dir.resolve(name + ".properties");
        Files.writeString(p, "db=" + dialect + "\nconn=" + l.url() + "\nuser=" + l.user() + "\npassword=" + l.password()
                + "\nworkload=tpcc\nwarehouses=1\nloadWorkers=2\nrandSeed=9\n" + extra);
        return p;
    }
}
