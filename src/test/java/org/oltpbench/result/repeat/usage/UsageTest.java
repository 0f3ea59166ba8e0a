package org.oltpbench.result.repeat.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The usage record's own figures, as every line prints them. */
class UsageTest {
    /** rate=2 on MariaDB printed "server 0.00 cores" beside "2,000 tps per server core" (issue 42: a ratio of printed figures). */
    @ParameterizedTest
    @CsvSource({"0, 0.00", "0.001, 0.001", "0.0012345, 0.0012", "0.0987, 0.099", "0.1, 0.10", "1.6449, 1.64"})
    void smallCoreFiguresKeepTwoSignificantDigits(double cores, String printed) {
        assertEquals(printed, Usage.cores(cores));
    }
}
