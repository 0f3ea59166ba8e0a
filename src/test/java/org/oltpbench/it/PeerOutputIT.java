package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 36 §1: the peers' own output and oltpbench's for the same command line, line by line. sysbench 1.0.20
 * (Debian's) and go-tpc v1.0.7 (built by .ci/run) run against an embedded MariaDB, then oltpbench runs the same words
 * on a database of its own. Each output is reduced to its line shapes (figures masked, each shape once, in order of
 * first appearance; lines that only a run with errors prints left out), and the two are diffed. The differences must
 * equal the list committed under src/test/resources/peer-output, which says what each tool prints that the other does
 * not. After an intended change: -Dpeer.update=true, then read the diff.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PeerOutputIT {
    private static final Path EXPECTED = Path.of("src/test/resources/peer-output");
    private static final Pattern FIGURE = Pattern.compile("\\d+(\\.\\d+)?");
    /** Lines that oltpbench fills with what this machine measured: the tag is the shape. */
    private static final Pattern OURS_MEASURED = Pattern.compile("^(\\[Resources\\]|\\[Waits\\]|\\[Bottleneck\\]|Peak:|results:|warning:|\\[Late\\]) .*");
    /**
     * Lines printed only when the run met errors (go-tpc's NAME_ERR, oltpbench's [Errors]) or when go-tpc's MySQL driver
     * logs a connection its workers dropped as the run ended ("[mysql] ... invalid connection"): not in every run.
     */
    private static final Pattern ONLY_ON_ERRORS = Pattern.compile(".*(_ERR - |^\\[Errors\\] |^\\[mysql\\] ).*");
    /** The shared embedded server's port: the peers and oltpbench each load a database of their own on it. */
    private int port;

    @BeforeAll
    void start() throws Exception {
        port = SharedMariaDb.port();
    }

    @Test
    void sysbenchOltpReadOnly() throws Exception {
        Tools.require("sysbench", "apt-get install sysbench");
        List<String> words = List.of("oltp_read_only", "--db-driver=mysql", "--mysql-host=127.0.0.1",
                "--mysql-port=" + port, "--mysql-user=root", "--tables=1", "--table-size=1000", "--threads=2",
                "--time=3", "--report-interval=1");
        String theirs = peer(concat(List.of("sysbench"), words, "--mysql-db=sysbench_peer"), "prepare", "run");
        String ours = ours(concat(List.of(), words, "--mysql-db=oltpbench_peer"), "prepare", "run");
        compare("sysbench-oltp_read_only.txt", "sysbench", theirs, ours);
    }

    @Test
    void goTpcTpcc() throws Exception {
        Tools.requireEnv("OLTPBENCH_GO_TPC", "build go-tpc v1.0.7 as .ci/run does and set it to the binary");
        String goTpc = System.getenv("OLTPBENCH_GO_TPC");
        List<String> common = List.of("tpcc", "-H", "127.0.0.1", "-P", Integer.toString(port), "-U", "root",
                "--warehouses", "1");
        String theirs = peer(concat(List.of(goTpc), common, "-D", "gotpc_peer"), "prepare -T 2 --no-check",
                "run -T 2 --time 4s --interval 2s");
        // go-tpc's line as it is: the engine is read from the server
        String ours = ours(concat(List.of(), common, "-D", "oltpbench_tpcc_peer"), "prepare -T 2 --no-check",
                "run -T 2 --time 4s --interval 2s");
        compare("go-tpc-tpcc.txt", "go-tpc", theirs, ours);
    }

    private static List<String> concat(List<String> a, List<String> b, String... c) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        out.addAll(List.of(c));
        return out;
    }

    /** Runs the peer's prepare step, then its run step, and returns what the run printed. */
    private String peer(List<String> cmd, String prepare, String run) throws Exception {
        createDatabases();
        Tools.Result p = Tools.run(concat(cmd, List.of(), prepare.split(" ")), 300);
        assertEquals(0, p.code(), p.out());
        Tools.Result r = Tools.run(concat(cmd, List.of(), run.split(" ")), 300);
        assertEquals(0, r.code(), r.out());
        return r.out();
    }

    private String ours(List<String> words, String prepare, String run) throws Exception {
        createDatabases();
        Tools.Outcome p = Tools.cli(concat(words, List.of(), prepare.split(" ")).toArray(new String[0]));
        assertEquals(0, p.code(), p.out() + p.err());
        Tools.Outcome r = Tools.cli(concat(words, List.of(), run.split(" ")).toArray(new String[0]));
        assertEquals(0, r.code(), r.out() + r.err());
        return r.out();
    }

    private void createDatabases() throws Exception {
        String url = "jdbc:mariadb://127.0.0.1:" + port + "/";
        try (var c = Tools.connect(url, "root", ""); var st = c.createStatement()) {
            for (String db : List.of("sysbench_peer", "oltpbench_peer", "gotpc_peer", "oltpbench_tpcc_peer")) {
                st.execute("CREATE DATABASE IF NOT EXISTS " + db);
            }
        }
    }

    /** The line shapes of an output: figures masked, blanks collapsed, each shape once in order of first appearance. */
    static List<String> shapes(String output) {
        Set<String> out = new LinkedHashSet<>();
        for (String line : output.split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || ONLY_ON_ERRORS.matcher(l).matches() || l.contains("maxprocs:")) continue;
            var m = OURS_MEASURED.matcher(l);
            l = m.matches() ? m.group(1) + " ..." : FIGURE.matcher(l).replaceAll("#").replaceAll("\\s+", " ");
            out.add(l);
        }
        return new ArrayList<>(out);
    }

    /** The lines of a longest-common-subsequence diff: "  " both, "- " the peer's only, "+ " oltpbench's only. */
    static List<String> diff(List<String> a, List<String> b) {
        int[][] lcs = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<String> out = new ArrayList<>();
        int i = 0, j = 0;
        while (i < a.size() || j < b.size()) {
            if (i < a.size() && j < b.size() && a.get(i).equals(b.get(j))) {
                out.add("  " + a.get(i++));
                j++;
            } else if (j < b.size() && (i == a.size() || lcs[i][j + 1] >= lcs[i + 1][j])) {
                out.add("+ " + b.get(j++));
            } else {
                out.add("- " + a.get(i++));
            }
        }
        return out;
    }

    private static void compare(String file, String peer, String theirs, String ours) throws Exception {
        List<String> d = diff(shapes(theirs), shapes(ours));
        String actual = "# " + peer + "'s run output (-) against oltpbench's (+) for the same command line, as line shapes;\n"
                + "# made by PeerOutputIT (-Dpeer.update=true rewrites it)\n" + String.join("\n", d) + "\n";
        System.out.println(actual);
        Expected.matches(EXPECTED.resolve(file), actual, "peer.update", file + " differs: a peer's or oltpbench's output "
                + "changed");
    }
}
