package org.oltpbench.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.judge.usage.Usages;
import org.oltpbench.result.judge.usage.VerdictRules;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.Schedule;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;

/**
 * Reviewer's cases (issue 45, branch rev45): PostgreSQL's table from wait events to classes, and what the READS verdict
 * then says. Fail on main 6c2f529.
 */
class PostgresWaitsReview45Test {

    /**
     * PostgreSQL 14 moved BufferIO from LWLock to IPC: a backend that waits for another backend's read of the same page
     * shows IPC:BufferIO (PostgreSQL 15 on :5433 here). The table maps "ipc" to OTHER, which is never a verdict: on a
     * read-bound level where sessions pile up on the same hot pages, part of the reads disappear into "other".
     */
    @Test
    void waitingForAnotherBackendsReadOfThePageIsARead() {
        SessionWaits.Wait w = PostgresDialect.activityWait(new SessionWaits.Row("active", "IPC", "BufferIO"));
        assertEquals(WaitClass.IO, w.cls(), w.toString());
    }

    /**
     * Every IO:* event but the WAL's is classed as data reads, writes and file extensions too: IO:DataFileExtend (an
     * insert-heavy level extending its tables on a slow disk), IO:DataFileWrite (a backend writing out a dirty buffer)
     * and IO:BufFileWrite (a sort's temporary file, work_mem). A level whose sessions all waited on extending files is
     * judged READS with "reads from storage are the limit: the working set is larger than the cache (buffer pool,
     * shared_buffers)": a claim the samples do not hold (no read was seen; shared_buffers changes nothing).
     */
    @Test
    void extendingAndWritingFilesIsNotReadsFromAWorkingSetLargerThanTheCache() {
        for (String event : List.of("DataFileExtend", "DataFileWrite", "BufFileWrite")) {
            SessionWaits.Wait w = PostgresDialect.activityWait(new SessionWaits.Row("active", "IO", event));
            Waits waits = new Waits(80, Map.of(WaitClass.CPU, 240L, w.cls(), 400L),
                    Map.of(w.cls(), Map.of(w.name(), 400L)), Map.of());
            Verdict v = Usages.of(List.of(org.oltpbench.result.judge.usage.WaitFixtures.interval(20, waits)), 1000, 2, VerdictRules.Inputs.NONE).verdict();
            assertFalse(v.evidence().contains("reads from storage are the limit"), "IO:" + event + " -> " + v.limit()
                    + ": " + v.evidence());
        }
    }
}
