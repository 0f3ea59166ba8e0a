package org.oltpbench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.oltpbench.config.ConfigException;

/** The peers' command lines as the seeds and go-tpc's README print them, translated word by word. */
class PeerCommandLineTest {

    private static String[] words(String line) {
        return line.trim().split("\\s+");
    }

    @Test
    void seed000sSysbenchPrepareAndRun() {
        // seed 000's lines, the empty host, user and password as printed
        assertArrayEquals(words("--set workload=oltp_read_write --set mysql-db=sysbenchtest --set table-size=2000000 "
                + "--set tables=4 --set threads=4 prepare"), PeerCommandLine.translate(words(
                "/alidata1/xzl/sysbench-1.0.17/src/lua/oltp_read_write.lua --mysql-host='' --mysql-user='' --mysql-password='' "
                + "--mysql-db=sysbenchtest --table-size=2000000 --tables=4 --threads=4 prepare")));
        assertArrayEquals(words("--set workload=oltp_read_write --set mysql-host=127.0.0.1 --set mysql-db=sysbenchtest "
                + "--set table-size=2000000 --set tables=4 --set threads=24 --set report-interval=10 --set time=180 run"),
                PeerCommandLine.translate(words("/alidata1/xzl/sysbench-1.0.17/src/lua/oltp_read_write.lua "
                + "--mysql-host=127.0.0.1 --mysql-user='' --mysql-password='' --mysql-db=sysbenchtest --table-size=2000000 "
                + "--tables=4 --threads=24 --report-interval=10 --time=180 run")));
    }

    @Test
    void seed003sReadOnlyRun() {
        assertArrayEquals(words("--set workload=oltp_read_only --set mysql-host=127.0.0.1 --set mysql-user=tpcc "
                + "--set mysql-password=tpcc --set mysql-db=tpcc --set tables=10 --set table_size=1000000 --set threads=1 "
                + "--set events=100000 --set report-interval=10 --set time=300 run"), PeerCommandLine.translate(words(
                "/opt/sysbench/share/sysbench/oltp_read_only.lua --mysql-host=127.0.0.1 --mysql-user=tpcc "
                + "--mysql-password=tpcc --mysql-db=tpcc --tables=10 --table_size=1000000 --threads=1 --events=100000 "
                + "--report-interval=10 --time=300 run")));
    }

    @Test
    void sysbenchsDriverAndHelpAndAnOptionWithoutAKey() {
        // the driver names the protocol, not the engine: pgsql is the PostgreSQL family, mysql any MySQL-protocol engine
        assertArrayEquals(words("--set db=pgsql --set workload=oltp_point_select --help"),
                PeerCommandLine.translate(words("--db-driver=pgsql oltp_point_select help")));
        assertArrayEquals(words("--set db=auto --set workload=oltp_point_select run"),
                PeerCommandLine.translate(words("--db-driver=mysql oltp_point_select run")));
        ConfigException e = assertThrows(ConfigException.class,
                () -> PeerCommandLine.translate(words("oltp_read_write --histogram=on run")));
        assertEquals("sysbench's --histogram is not an option oltpbench has; leave it out, or see the key table in "
                + "README.md for what replaces it", e.getMessage());
    }

    /**
     * sysbench 1.0.20 runs {@code --test=oltp_read_only ... run} (printing "the --test option is deprecated"); it was
     * refused as "sysbench's --test is not an option oltpbench has; did you mean --host (host)?".
     */
    @Test
    void sysbenchsOlderTestOption() {
        String[] expected = words("--set workload=oltp_read_only --set tables=1 run");
        assertArrayEquals(expected, PeerCommandLine.translate(words("sysbench --test=oltp_read_only --tables=1 run")));
        assertArrayEquals(expected, PeerCommandLine.translate(words("--test=oltp_read_only --tables=1 run")));
        assertArrayEquals(expected, PeerCommandLine.translate(words("--test=/usr/share/sysbench/oltp_read_only.lua --tables=1 run")));
    }

    /** Two commands on one line: said as two, not as "'run' is neither a test, a verb ...; did you mean 'run'?". */
    @Test
    void sysbenchsTwoCommands() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> PeerCommandLine.translate(words("sysbench oltp_read_only --tables=1 prepare run")));
        assertEquals("sysbench command line: two commands, 'prepare' and 'run'; sysbench takes one: run them as two lines",
                e.getMessage());
    }

    @Test
    void goTpcsReadmeLines() {
        // no engine: it is read from the server; TiDB's port 4000 is go-tpc's default, a later -P wins over it; go-tpc's
        // tables (issue 60), which a later --set tpccSchema= overrides
        String defaults = "--set workload=tpcc --set port=4000 --set database=test --set user=root --set tpccSchema=go-tpc ";
        assertArrayEquals(words(defaults + "--set warehouses=4 --set partitions=4 prepare"),
                PeerCommandLine.translate(words("tpcc --warehouses 4 --parts 4 prepare")));
        assertArrayEquals(words(defaults + "--set warehouses=4 run"), PeerCommandLine.translate(words("tpcc --warehouses 4 run")));
        assertArrayEquals(words(defaults + "--set warehouses=4 cleanup"),
                PeerCommandLine.translate(words("tpcc --warehouses 4 cleanup")));
        assertArrayEquals(words(defaults + "--set warehouses=4 check"), PeerCommandLine.translate(words("tpcc --warehouses 4 check")));
        // flags after the verb, short forms, a Go duration, isolation 4, the wait and ignore-error switches
        assertArrayEquals(words(defaults + "--set warehouses=4 --set threads=16 --set time=90 --set host=db1 --set port=4000 "
                + "--set isolation=repeatable-read --set keyingTime=true --set thinkTime=true --set ignoreErrors=all run"),
                PeerCommandLine.translate(words("tpcc --warehouses 4 run -T 16 --time 1m30s -H db1 -P 4000 --isolation 4 "
                + "--wait --ignore-error")));
        assertArrayEquals(words(defaults + "--set warehouses=4 --set loadWorkers=8 prepare"),
                PeerCommandLine.translate(words("tpcc prepare --warehouses 4 -T 8")));
        // -d names the protocol: postgres is the PostgreSQL family (Klustron or PostgreSQL, read from the server)
        assertArrayEquals(words(defaults + "--set db=pgsql --set port=5432 run"),
                PeerCommandLine.translate(words("tpcc -d postgres -P 5432 run")));
        assertArrayEquals(words(defaults + "--set db=auto run"), PeerCommandLine.translate(words("tpcc --driver=mysql run")));
    }

    /** go-tpc's ch: -T terminals, -t (acThreads) OLAP workers as analytic streams; prepare's --analyze is what ours does. */
    @Test
    void goTpcsChLines() {
        String defaults = "--set workload=ch --set port=4000 --set database=test --set user=root --set tpccSchema=go-tpc ";
        assertArrayEquals(words(defaults + "--set warehouses=2 --set threads=4 --set analyticStreams=2 --set time=60 run"),
                PeerCommandLine.translate(words("ch --warehouses 2 run -T 4 -t 2 --time 1m")));
        assertArrayEquals(words(defaults + "--set warehouses=2 --set checkAfterLoad=false prepare"),
                PeerCommandLine.translate(words("ch --warehouses 2 prepare --analyze --no-check")));
    }

    @Test
    void goDurations() {
        assertEquals(600, PeerCommandLine.goSeconds("10m"));
        assertEquals(5400, PeerCommandLine.goSeconds("1h30m"));
        assertEquals(30, PeerCommandLine.goSeconds("30s"));
        assertThrows(ConfigException.class, () -> PeerCommandLine.goSeconds("10 minutes"));
    }

    @Test
    void ourOwnCommandLineIsLeftAsItIs() {
        String[] ours = words("-c props/ob.properties --set threads=4 run");
        assertArrayEquals(ours, PeerCommandLine.translate(ours));
    }

    @Test
    void seed002sMysqlslapLine() {
        // seed 002's line, the host, user and password as a user fills them in
        assertArrayEquals(words("--set workload=sql --set time=0 --set peerSummary=mysqlslap --set query=/select.sql --set threads=100 "
                + "--set events=10000000 --set repeat=1 --set database=drds_xncs_bic_cs_trou_0000 --set mysqlStorageEngine=innodb "
                + "--set host=127.0.0.1 --set user=bench --set password=bench"), PeerCommandLine.translate(words(
                "mysqlslap --query=/select.sql --concurrency=100 --number-of-queries=10000000 --iterations=1 "
                + "--create-schema=drds_xncs_bic_cs_trou_0000 --engine=innodb -h127.0.0.1 -ubench -pbench")));
    }

    /**
     * Issue 60 §2: mysqlslap's -p and --password with no value ask for the password on the terminal, as mysqlslap does
     * (before, the next option was taken for it: -p --concurrency=4 set the password to "--concurrency=4"); without a
     * terminal one line says how to give it.
     */
    @Test
    void mysqlslapsBarePasswordAsksOnTheTerminal() {
        var saved = PeerCommandLine.terminal;
        try {
            PeerCommandLine.terminal = prompt -> "typed".toCharArray();
            String[] asked = PeerCommandLine.translate(words("mysqlslap -ubench -p --concurrency=4 --query=x"));
            assertArrayEquals(words("--set workload=sql --set time=0 --set peerSummary=mysqlslap --set user=bench "
                    + "--set password=typed --set threads=4 --set query=x"), asked);
            assertTrue(String.join(" ", PeerCommandLine.translate(words("mysqlslap --password --query=x"))).contains("password=typed"));
            assertTrue(String.join(" ", PeerCommandLine.translate(words("mysqlslap -pgiven --query=x"))).contains("password=given"));
            PeerCommandLine.terminal = prompt -> null;
            assertEquals("mysqlslap's -p with no value asks for the password on a terminal, and there is none here: write "
                    + "-pPASSWORD or --password=PASSWORD, or password= in a props file", refusal("mysqlslap -p --query=x"));
        } finally {
            PeerCommandLine.terminal = saved;
        }
    }

    /** Issue 43 §2: each program's word left in, as pasted, with or without a path before it. */
    @Test
    void theProgramsWordIsLeftIn() {
        String seed000 = "/alidata1/xzl/sysbench-1.0.17/src/lua/oltp_read_write.lua --mysql-host='' --mysql-db=sysbenchtest "
                + "--table-size=2000000 --tables=4 --threads=4 prepare";
        String[] bare = PeerCommandLine.translate(words(seed000));
        assertArrayEquals(bare, PeerCommandLine.translate(words("sysbench " + seed000)));
        assertArrayEquals(bare, PeerCommandLine.translate(words("/opt/sysbench/bin/sysbench " + seed000)));
        // go-tpc's README line; before, "go-tpc" was refused by picocli as "Unknown options: '-H' ..."
        String goTpc = "tpcc -H 127.0.0.1 -P 4000 --warehouses 4 prepare";
        String[] goTpcBare = PeerCommandLine.translate(words(goTpc));
        assertArrayEquals(goTpcBare, PeerCommandLine.translate(words("go-tpc " + goTpc)));
        assertArrayEquals(goTpcBare, PeerCommandLine.translate(words("./bin/go-tpc " + goTpc)));
        // go-tpc's global flags may stand before its workload; a flag's value that reads "tpcc" stays a value
        assertArrayEquals(goTpcBare, PeerCommandLine.translate(words("go-tpc -H 127.0.0.1 -P 4000 tpcc --warehouses 4 prepare")));
        assertTrue(String.join(" ", PeerCommandLine.translate(words("go-tpc -D tpcc tpcc run"))).contains("database=tpcc"));
        String slap = "--query=/select.sql --concurrency=100 -h127.0.0.1";
        assertArrayEquals(PeerCommandLine.translate(words(slap)),
                PeerCommandLine.translate(words("/usr/bin/mysqlslap " + slap)));
    }

    /** pgbench's word, with a path before it, reaches its translator. */
    @Test
    void pgbenchHasItsPlace() {
        assertArrayEquals(PgbenchCommandLine.translate(words("-i -s 1 db")), PeerCommandLine.translate(words("/usr/bin/pgbench -i -s 1 db")));
    }

    @Test
    void goTpcWithoutItsWorkload() {
        ConfigException e = assertThrows(ConfigException.class, () -> PeerCommandLine.translate(words("go-tpc tpc prepare")));
        assertEquals("go-tpc command line: name the workload, tpcc or ch (oltpbench runs those of go-tpc's); 'tpc' is not "
                + "one; did you mean 'tpcc'?", e.getMessage());
    }

    /** Issue 43 §2: a typo in a peer's form names the nearest option, test or verb, as --set does for keys. */
    @Test
    void typosGetTheNearestName() {
        assertEquals("sysbench's --table-sise is not an option oltpbench has; did you mean --table-size (tableSize)?",
                refusal("sysbench oltp_read_write --table-sise=100 run"));
        assertEquals("sysbench command line: 'oltp_raed_write' is neither a test, a verb (prepare, run, cleanup, help) nor "
                + "an --option=value; did you mean 'oltp_read_write'?", refusal("sysbench oltp_raed_write --tables=2 run"));
        assertEquals("sysbench command line: '/usr/share/sysbench/oltp_raed_write.lua' is neither a test, a verb (prepare, "
                + "run, cleanup, help) nor an --option=value; did you mean 'oltp_read_write'?",
                refusal("/usr/share/sysbench/oltp_raed_write.lua --tables=2 run"));
        assertEquals("sysbench command line: 'rnu' is neither a test, a verb (prepare, run, cleanup, help) nor an "
                + "--option=value; did you mean 'run'?", refusal("sysbench oltp_read_write --tables=2 rnu"));
        assertEquals("sysbench's --mysql-dv is not an option oltpbench has; did you mean --mysql-db (database)?",
                refusal("sysbench oltp_read_write --mysql-dv=x run"));
        assertEquals("go-tpc command line: 'rnu' is neither a verb (prepare, run, check, cleanup) nor a flag; did you mean "
                + "'run'?", refusal("go-tpc tpcc --warehouses 4 rnu"));
        assertEquals("go-tpc's --warehouse is not an option oltpbench has; did you mean --warehouses?",
                refusal("go-tpc tpcc --warehouse 4 run"));
        assertEquals("mysqlslap's --concurency is not an option oltpbench has; did you mean --concurrency?",
                refusal("mysqlslap --concurency=4 --query=x"));
        // nothing near: where to look, as before
        assertEquals("sysbench's --histogram is not an option oltpbench has; leave it out, or see the key table in "
                + "README.md for what replaces it", refusal("sysbench oltp_read_write --histogram=on run"));
    }

    private static String refusal(String line) {
        return assertThrows(ConfigException.class, () -> PeerCommandLine.translate(words(line))).getMessage();
    }
}
