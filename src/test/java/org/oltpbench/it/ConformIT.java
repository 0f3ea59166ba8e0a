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
 * digest after every transaction named to one transaction: the stream's first that updates a district.
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
            st.execute("CREATE TRIGGER skew BEFORE UPDATE ON bmsql_district FOR EACH ROW SET NEW.d_ytd = NEW.d_ytd + 0.01");
        }
        Tools.Outcome differ = Tools.cli("-c", pf.toString(), "-c", pc.toString(), "--set", "conformTransactions=40",
                "--set", "conformCheckEvery=1", "conform");
        assertEquals(1, differ.code(), differ.out() + differ.err());
        assertTrue(differ.out().contains("in bmsql_district"), differ.out());
        Matcher one = Pattern.compile("the first difference is in transactions (\\d+)-(\\d+) ").matcher(differ.out());
        assertTrue(one.find() && one.group(1).equals(one.group(2)), "named to one transaction: " + differ.out());
        assertTrue(differ.out().contains("bmsql_district: first differing row"), differ.out());
    }

    private static Path props(Path dir, String name, Tools.Login l, String extra) throws Exception {
        Path p = dir.resolve(name + ".properties");
        Files.writeString(p, "db=mariadb\nconn=" + l.url() + "\nuser=" + l.user() + "\npassword=" + l.password()
                + "\nworkload=tpcc\nwarehouses=1\nloadWorkers=2\nrandSeed=9\n" + extra);
        return p;
    }
}
