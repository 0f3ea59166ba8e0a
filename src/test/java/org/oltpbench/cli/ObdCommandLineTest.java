package org.oltpbench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.ConfigException;

/**
 * obd's test lines (issue 43 §2) against the deployments under src/test/resources/obd/.obd/cluster: obce (three
 * observers, an obproxy) and single (one observer by its address, no port).
 */
class ObdCommandLineTest {
    private static final Path HOME = Path.of("src/test/resources/obd");

    /** seed 003's line, word for word. */
    private static final String SEED_003 = "test sysbench obce -v --component='oceanbase-ce' --user=tpcc --password=tpcc "
            + "--tenant=tpcc --database=tpcc --sysbench-bin=/opt/sysbench/bin/sysbench "
            + "--sysbench-script-dir=/opt/sysbench/share/sysbench --script-name=oltp_read_only.lua --tables=10 "
            + "--table-size=1000000 --threads=1 --time=300";

    private final ByteArrayOutputStream notes = new ByteArrayOutputStream();

    private String[] obd(String line) {
        return ObdCommandLine.translate(line.trim().split("\\s+"), HOME, new PrintStream(notes, true, StandardCharsets.UTF_8));
    }

    private static String[] words(String line) {
        return line.trim().split("\\s+");
    }

    /**
     * --component='oceanbase-ce' picks the observers though an obproxy is there; server1's own mysql_port; obd's
     * defaults for what the line leaves out (interval 10, ignore errors 1062, -O 1) and the ps mode its run adds.
     */
    @Test
    void seed003sLine() {
        assertArrayEquals(words("--set db=oceanbase --set host=10.10.10.101 --set port=2881 --set user=tpcc@tpcc "
                + "--set password=tpcc --set database=tpcc --set workload=oltp_read_only --set tables=10 "
                + "--set tableSize=1000000 --set threads=1 --set time=300 --set reportIntervalSecs=10 --set ignoreErrors=1062 "
                + "--set dbPsMode=disable --set tune=true"), obd(SEED_003));
        // issue 60 §2: seed 003's -v is obd's verbose output (what it runs as, the password masked), not stack traces
        assertEquals("""
                obd test sysbench: --sysbench-bin read, not needed: oltpbench runs the test itself
                obd test sysbench: --sysbench-script-dir read, not needed: oltpbench runs the test itself
                obd test sysbench runs as: oltpbench --set db=oceanbase --set host=10.10.10.101 --set port=2881 --set \
                user=tpcc@tpcc --set password=*** --set database=tpcc --set workload=oltp_read_only --set tables=10 --set \
                tableSize=1000000 --set threads=1 --set time=300 --set reportIntervalSecs=10 --set ignoreErrors=1062 --set \
                dbPsMode=disable --set tune=true
                """, notes.toString(StandardCharsets.UTF_8));
    }

    /** oltpbench's own --set and -c beside obd's options are kept, after obd's (a later --set wins). */
    @Test
    void oltpbenchsOwnOptionsBeside() {
        String[] out = obd("test sysbench single --set resultDirectory=/tmp/x --tables=2 -c my.properties");
        assertEquals("--set tune=true --set resultDirectory=/tmp/x -c my.properties",
                String.join(" ", java.util.Arrays.copyOfRange(out, out.length - 6, out.length)));
    }

    @Test
    void withoutVerboseNothingIsSaid() {
        obd(SEED_003.replace(" -v ", " "));
        assertEquals("", notes.toString(StandardCharsets.UTF_8));
    }

    /** The word obd through the table, the notes to the stream given. */
    @Test
    void throughTheProgramTable() {
        assertEquals("--set db=oceanbase", String.join(" ", PeerCommandLine.translate(words("obd test sysbench obce "
                + "--mysql-host=db1 --mysql-port=2883"))).substring(0, 18));
    }

    /** Where: obproxy first when no component is named; --test-server by name; the global port; defaults 2881. */
    @Test
    void whereToConnect() {
        assertEquals("host=10.10.10.105 port=2885", hostPort("test sysbench obce"));
        assertEquals("host=10.10.10.102 port=3881", hostPort("test sysbench obce --test-server=server2"));
        assertEquals("host=10.10.10.103 port=2881", hostPort("test sysbench obce --component=oceanbase-ce --test-server server3"));
        assertEquals("host=127.0.0.2 port=2881", hostPort("test sysbench single"));
        assertEquals("host=db1 port=2883", hostPort("test sysbench nowhere --mysql-host=db1 --mysql-port=2883"));
    }

    private String hostPort(String line) {
        String all = String.join(" ", obd(line));
        return all.replaceAll(".*--set (host=\\S+) --set (port=\\S+).*", "$1 $2");
    }

    /** obd's defaults: root@test, database test, oltp_point_select, 30 tables of 20,000 rows, 16 threads, 60 s. */
    @Test
    void obdsDefaults() {
        assertArrayEquals(words("--set db=oceanbase --set host=127.0.0.2 --set port=2881 --set user=root@test "
                + "--set database=test --set workload=oltp_point_select --set tables=30 --set tableSize=20000 "
                + "--set threads=16 --set time=60 --set reportIntervalSecs=10 --set ignoreErrors=1062 --set dbPsMode=disable "
                + "--set tune=true"), obd("test sysbench single"));
    }

    /** -O 0 no tuning, 1 and 2 tune=true; a thread list is a sweep; the options obd passes on to sysbench. */
    @Test
    void optimizationThreadsAndPassedOptions() {
        String line = String.join(" ", obd("test sysbench single -O 0 --threads=1,2,4 --events=500 --rand-type=uniform "
                + "--percentile=99 --skip-trx=on --mysql-ignore-errors=all"));
        assertEquals("--set threads=1,2,4 --set time=60 --set reportIntervalSecs=10 --set events=500 --set randType=uniform "
                + "--set ignoreErrors=all --set percentile=99 --set skipTrx=true --set dbPsMode=disable --set tune=false",
                line.substring(line.indexOf("--set threads")));
        assertEquals(true, String.join(" ", obd("test sysbench single -O2")).endsWith("tune=true"));
        assertEquals("obd's -O 3 is not a level; use 0 (no tuning), 1 or 2 (tune=true)", refusal("test sysbench single -O 3"));
    }

    @Test
    void tpcc() {
        assertArrayEquals(words("--set db=oceanbase --set host=10.10.10.101 --set port=2881 --set user=tpcc@tpcc "
                + "--set password=tpcc --set database=tpcc --set workload=tpcc --set warehouses=4 --set runMins=1 "
                + "--set terminals=8 --set tune=false"), obd("test tpcc obce --component oceanbase-ce --user=tpcc --password=tpcc "
                + "-t tpcc --database=tpcc --warehouses 4 --run-mins 1 --terminals 8 -O 0 --bmsql-dir=/opt/bmsql"));
        // obd's defaults, 10 warehouses and 10 minutes; --test-only runs on the loaded data
        assertArrayEquals(words("--set db=oceanbase --set host=127.0.0.2 --set port=2881 --set user=root@test "
                + "--set database=test --set workload=tpcc --set warehouses=10 --set runMins=10 run --set tune=true"),
                obd("test tpcc single --test-only"));
    }

    /** A seekdb deployment's tenant is sys, whatever --tenant says, as obd has it. */
    @Test
    void seekdbsTenantIsSys() {
        assertEquals("user=root@sys", String.join(" ", obd("test sysbench nowhere --component=seekdb --mysql-host=h"))
                .replaceAll(".*--set (user=\\S+).*", "$1"));
    }

    @Test
    void typosAndWrongLines() {
        assertEquals("obd test sysbench's --table-sise is not an option oltpbench has; did you mean --table-size?",
                refusal("test sysbench obce --table-sise=10"));
        assertEquals("obd test sysbench --script-name=oltp_raed_write.lua is not one of sysbench's tests; did you mean "
                + "'oltp_read_write'?", refusal("test sysbench obce --script-name=oltp_raed_write.lua"));
        assertEquals("obd's command line: oltpbench runs 'obd test sysbench NAME ...' and 'obd test tpcc NAME ...'; did you "
                + "mean 'sysbench'?", refusal("test sysbnech obce"));
        assertEquals("obd test tpcc's --run-min is not an option oltpbench has; did you mean --run-mins?",
                refusal("test tpcc obce --run-min 3"));
        assertEquals("obd test sysbench: name the deployment (obd cluster list shows them)", refusal("test sysbench --tables=2"));
        assertEquals("obd test sysbench --script-name=oltp_read_only,oltp_write_only: oltpbench runs one script a line; give "
                + "each its own line (or props files with -c, run interleaved)",
                refusal("test sysbench obce --script-name=oltp_read_only,oltp_write_only"));
    }

    @Test
    void aMissingDeploymentFile() {
        String msg = refusal("test sysbench gone");
        assertEquals("obd's deployment file " + HOME.resolve(".obd/cluster/gone/config.yaml") + " is not there; set OBD_HOME "
                + "to the directory holding .obd, or give the server with --mysql-host and --mysql-port", msg);
        assertEquals("obd deployment obce: server9 is not a server of oceanbase-ce",
                refusal("test sysbench obce --component=oceanbase-ce --test-server=server9"));
    }

    private String refusal(String line) {
        return assertThrows(ConfigException.class, () -> obd(line)).getMessage();
    }
}
