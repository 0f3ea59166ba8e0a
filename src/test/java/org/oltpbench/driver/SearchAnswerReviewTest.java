package org.oltpbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oltpbench.config.SearchParams;
import org.oltpbench.config.ThreadModel;
import org.oltpbench.driver.search.SearchReplay;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.search.Probe;

/**
 * Review of the recorded search answer (i44-search): every run the sweep publishes, written to result.json and read
 * back, then replayed from the levels read back (what report does once a journal adds a repeat, and what every reader
 * does for a file without `search`), reaches the answer the sweep recorded; under Ctrl-C mid-probe and a failed check.
 */
@Timeout(120)
class SearchAnswerReviewTest {

    /** Every run published, and a hook after each repeat. */
    private static final class Heard implements RunListener {
        final List<RunResult> runs = new CopyOnWriteArrayList<>();
        final AtomicInteger repeats = new AtomicInteger();
        Runnable afterRepeat = () -> { };
        Runnable onInterval = () -> { };

        @Override public void runStarted(RunResult run) { runs.add(run); }
        @Override public void repeatFinished(RunResult run, RepeatResult r) {
            runs.add(run);
            repeats.incrementAndGet();
            afterRepeat.run();
        }
        @Override public void levelFinished(RunResult run, LevelResult l) { runs.add(run); }
        @Override public void interval(org.oltpbench.result.repeat.counted.IntervalResult i) { onInterval.run(); }
        @Override public void runFinished(RunResult run) { runs.add(run); }

        /** Each published run through its file: read back, answer dropped, replayed over the levels read back. */
        void replayedFromTheFileAlike() {
            for (RunResult run : runs) {
                String json = ResultFiles.toJson(run);
                RunResult back = ResultFiles.fromJson(json, "test");
                assertEquals(run.search(), back.search(), "read back as written");
                RunResult replayed = SearchReplay.answered(back.withSearch(null));
                assertEquals(run.search(), replayed.search(), "replayed over the levels read back, after "
                        + run.levels().stream().mapToInt(l -> l.repeats().size()).sum() + " repeats");
                assertEquals(json, ResultFiles.toJson(replayed));
            }
        }
    }

    private static RunResult searched(int slots, int threads, SearchParams search, int secs, RunListener listener,
                                      StopSignal stop, Sweep.AfterRepeat after) throws Exception {
        return SweepSearchTest.searched(slots, threads, search, secs, listener, stop, after);
    }

    private static final SearchParams THREADS_2 = new SearchParams(1, 8, 0.10, 0.03, 2, SearchParams.LatencyLimit.NONE,
            ThreadModel.PLATFORM);

    @Test
    void aRepeatingThreadSearchReplaysFromItsFileAlike() throws Exception {
        Heard h = new Heard();
        RunResult r = searched(6, 1, THREADS_2, 3, h, new StopSignal(), Sweep.AfterRepeat.NONE);
        h.replayedFromTheFileAlike();
        assertFalse(r.search().path().isEmpty());
    }

    @Test
    void aRateSearchReplaysFromItsFileAlike() throws Exception {
        var search = new SearchParams(500, 1_000_000_000, 0.10, 0.03, 5, new SearchParams.LatencyLimit(99, 4.5),
                ThreadModel.PLATFORM, SearchParams.Axis.RATE);
        Heard h = new Heard();
        searched(4, 8, search, 3, h, new StopSignal(), Sweep.AfterRepeat.NONE);
        assertTrue(h.repeats.get() > 3, "a search of several probes: " + h.repeats.get());
        h.replayedFromTheFileAlike();
    }

    /** Ctrl-C after the first repeat of the second probe (it asks for 2): the probe is judged on one repeat, as a replay does. */
    @Test
    void ctrlCBetweenAProbesRepeatsLeavesTheAnswerItsLevelsGive() throws Exception {
        Heard h = new Heard();
        StopSignal stop = new StopSignal();
        h.afterRepeat = () -> { if (h.repeats.get() == 3) stop.raise(); };
        RunResult r = searched(6, 1, THREADS_2, 3, h, stop, Sweep.AfterRepeat.NONE);
        h.replayedFromTheFileAlike();
        assertEquals(List.of(1, 2), r.search().path().stream().map(Probe::threads).toList());
        assertEquals(List.of(2, 1), r.search().path().stream().map(Probe::repeats).toList());
    }

    /** A failed check on the first repeat of the second probe ends the sweep there. */
    @Test
    void aFailedCheckMidProbeLeavesTheAnswerItsLevelsGive() throws Exception {
        Heard h = new Heard();
        AtomicInteger n = new AtomicInteger();
        RunResult r = searched(6, 1, THREADS_2, 3, h, new StopSignal(), rep -> n.incrementAndGet() != 3);
        h.replayedFromTheFileAlike();
        assertEquals(2, r.search().path().size());
    }

    /** Ctrl-C inside the first repeat of the second probe: the repeat stops, the sweep ends, the answer is its levels'. */
    @Test
    void ctrlCInsideAProbesRepeatLeavesTheAnswerItsLevelsGive() throws Exception {
        Heard h = new Heard();
        StopSignal stop = new StopSignal();
        AtomicInteger intervals = new AtomicInteger();
        h.onInterval = () -> { if (h.repeats.get() == 2 && intervals.incrementAndGet() == 2) stop.raise(); };
        RunResult r = searched(6, 1, THREADS_2, 3, h, stop, Sweep.AfterRepeat.NONE);
        h.replayedFromTheFileAlike();
        assertEquals(2, r.search().path().size(), r.search().path().toString());
    }

    /** A search that ends on its first probe (it already breaks the limit). */
    @Test
    void aSearchEndingOnItsFirstProbeReplaysAlike() throws Exception {
        var search = new SearchParams(4, 64, 0.10, 0.03, 2, new SearchParams.LatencyLimit(99, 0.5), ThreadModel.PLATFORM);
        Heard h = new Heard();
        RunResult r = searched(6, 4, search, 3, h, new StopSignal(), Sweep.AfterRepeat.NONE);
        h.replayedFromTheFileAlike();
        assertEquals(1, r.search().path().size(), r.search().path().toString());
        assertEquals(Probe.Step.BROKE, r.search().path().get(0).step());
    }
}
