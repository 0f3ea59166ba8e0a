package org.oltpbench.measure.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The API's matrix answer and the counter's value at an interval edge, worked by hand. */
class PrometheusSourceTest {
    static final String ANSWER = """
            {"status":"success","data":{"resultType":"matrix","result":[
             {"metric":{"__name__":"process_cpu_seconds_total","instance":"127.0.0.1:10080","job":"tidb"},
              "values":[[1000,"10"],[1002,"11"],[1004,"14"],[1006,"0.5"]]}]}}
            """;

    @Test
    void interpolatesBetweenScrapes() throws Exception {
        Map<String, PrometheusSource.Component> s = PrometheusSource.parse(ANSWER);
        PrometheusSource.Component t = s.get("tidb 127.0.0.1:10080");
        assertEquals("tidb", t.job());
        assertEquals(10.0, t.valueAt(1000), 1e-12);
        assertEquals(10.25, t.valueAt(1000.5), 1e-12); // a quarter of the way from 10 to 11
        assertEquals(12.5, t.valueAt(1003), 1e-12); // half-way from 11 to 14
        // 1003 → 1005: 14 − 12.5 before the restart at 1006; after it the counter starts again from 0
        assertEquals(0.5, t.valueAt(1005), 1e-12);
        assertTrue(Double.isNaN(t.valueAt(999)));
        assertTrue(Double.isNaN(t.valueAt(1007)));
        assertEquals(14.0, t.gaugeAt(1005), 1e-12);
    }

    /** Issue 35 §1.5: two series of one target (user and system mode) add up: 10 + 5 CPU-s, not the last one's 5. */
    @Test
    void seriesOfOneTargetAdd() throws Exception {
        String two = """
                {"status":"success","data":{"resultType":"matrix","result":[
                 {"metric":{"__name__":"namedprocess_namegroup_cpu_seconds_total","groupname":"mysqld","mode":"user",
                  "instance":"db1:9256","job":"process"},"values":[[1000,"100"],[1010,"110"]]},
                 {"metric":{"__name__":"namedprocess_namegroup_cpu_seconds_total","groupname":"mysqld","mode":"system",
                  "instance":"db1:9256","job":"process"},"values":[[1000,"50"],[1010,"55"]]}]}}
                """;
        PrometheusSource.Component c = PrometheusSource.parse(two).get("process db1:9256");
        assertEquals(2, c.parts().size());
        assertEquals(15.0, c.valueAt(1010) - c.valueAt(1000), 1e-12);
        assertEquals(165.0, c.gaugeAt(1010), 1e-12);
    }
}
