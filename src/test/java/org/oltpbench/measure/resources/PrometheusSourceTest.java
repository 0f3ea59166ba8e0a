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
        Map<String, PrometheusSource.Series> s = PrometheusSource.parse(ANSWER);
        PrometheusSource.Series t = s.get("tidb 127.0.0.1:10080");
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
}
