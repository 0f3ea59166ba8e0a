package org.oltpbench.result.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlatTest {
    record Level(int threads, String model) {
    }

    record Sweep(List<Level> levels, List<String> codes, String startAt) {
    }

    record Params(String db, Sweep sweep) {
    }

    @Test
    void leavesBecomeDottedPathsAndListsOneLine() {
        Map<String, Object> flat = Flat.of(new Params("mariadb",
                new Sweep(List.of(new Level(2, "PLATFORM"), new Level(512, "VIRTUAL")), List.of("1213", "40001"), null)));
        assertEquals(Map.of("db", "mariadb", "sweep.levels", "threads=2 model=PLATFORM; threads=512 model=VIRTUAL",
                "sweep.codes", "1213,40001"), flat, "null leaves are left out");
        assertEquals(List.of("db", "sweep.levels", "sweep.codes"), List.copyOf(flat.keySet()), "in declaration order");
    }
}
