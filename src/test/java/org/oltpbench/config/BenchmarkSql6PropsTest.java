package org.oltpbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BenchmarkSQL 6 props file, with the keys its sample.postgresql.properties carries (values typed here), loads in one
 * go: its keys get their meanings where oltpbench has them, and the others are named with why in one line.
 */
class BenchmarkSql6PropsTest {
    static final String PROPS = """
            db=postgres
            driver=org.postgresql.Driver
            application=Generic
            conn=jdbc:postgresql://localhost:5432/postgres
            user=benchmarksql
            password=PWbmsql
            warehouses=50
            loadWorkers=8
            monkeys=2
            sutThreads=16
            maxDeliveryBGThreads=12
            maxDeliveryBGPerWarehouse=1
            rampupMins=10
            rampupSUTMins=5
            rampupTerminalMins=5
            runMins=30
            reportIntervalSecs=30
            restartSUTThreadProbability=0.0
            keyingTimeMultiplier=1.0
            thinkTimeMultiplier=1.0
            traceTerminalIO=false
            paymentWeight=43.2
            orderStatusWeight=4.2
            deliveryWeight=4.2
            stockLevelWeight=4.2
            resultDirectory=my_result_%tY-%tm-%td_%tH%tM%tS
            #osCollectorScript=./mcPrometheus.py \\
            #    -u http://myprometheus.localdomain:9090/api/v1/query_range \\
            #    -i mydbserver.localdomain:9100
            reportScript=./generateReport.py -t report_simple.html
            osCollectorScript=./mcCollectdMqtt.py \\
                -h mymqttbroker.localdomain \\
                -t collectd/mydbserver.localdomain/#
            """;

    @Test
    void loadsInOneGoWithItsMeanings(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sample.postgresql.properties");
        Files.writeString(file, PROPS);
        RunParams p = RunParams.load(file, List.of(), Map.of());
        var level = p.sweep().levels().get(0);
        assertEquals(500, level.threads(), "10 terminals per warehouse (TPC-C 4.2.2), as BenchmarkSQL 6 runs them");
        assertEquals(16, level.connections(), "sutThreads: the connections the terminals share");
        assertEquals(600, p.sweep().warmupSecs(), "rampupMins=10");
        assertEquals(1800, level.secs(), "runMins=30");
        assertEquals(30, p.sweep().reportIntervalSecs());
        assertEquals("tpcc", p.workload().name());
        List<String> notUsed = p.output().monitor().notUsed();
        // keys with one reason are named together, the reason once (issue 43 §5: it was repeated for each key)
        assertEquals(List.of("osCollectorScript", "application", "monkeys", "maxDeliveryBGThreads, maxDeliveryBGPerWarehouse",
                "rampupSUTMins, rampupTerminalMins", "restartSUTThreadProbability", "traceTerminalIO", "reportScript"),
                notUsed.stream().map(s -> s.substring(0, s.indexOf(" ("))).toList());
        assertTrue(notUsed.get(2).contains("each terminal runs on a thread of its own"), notUsed.get(2));
        String line = String.join("; ", notUsed);
        assertEquals(line.indexOf("rampupMins is the warm-up"), line.lastIndexOf("rampupMins is the warm-up"), line);
        assertFalse(line.contains("likewise"), line);
    }

    @Test
    void decimalMinutes() {
        assertEquals(15, RunParams.load(null, List.of("workload=tpcc", "runMins=0.25"), Map.of()).sweep().levels().get(0).secs());
    }
}
