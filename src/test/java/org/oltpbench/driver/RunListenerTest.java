package org.oltpbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.counted.IntervalDetail;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;

/** Every event reaches every listener through {@link RunListener#all} and {@link WriterThread}, in order. */
class RunListenerTest {
    private static final List<String> EVERY_EVENT = List.of("runStarted", "probeStarted 4 2.5 3", "repeatStarted 4 1 2",
            "connecting 1 4 false", "connected 0.5", "interval", "intervalDetail", "late why", "fault line",
            "faultStarted key 1.5", "repeatFinished", "levelFinished", "runFinished");

    /** Records the events it hears by name and arguments. */
    private static final class Heard implements RunListener {
        final List<String> events = new CopyOnWriteArrayList<>();
        final boolean detail;

        Heard(boolean detail) {
            this.detail = detail;
        }

        @Override public void runStarted(RunResult run) { events.add("runStarted"); }
        @Override public void probeStarted(int t, double rate, int w) { events.add("probeStarted " + t + " " + rate + " " + w); }
        @Override public void repeatStarted(int t, int repeat, int repeats) { events.add("repeatStarted " + t + " " + repeat + " " + repeats); }
        @Override public void connecting(int open, int total, boolean done) { events.add("connecting " + open + " " + total + " " + done); }
        @Override public void connected(double seconds) { events.add("connected " + seconds); }
        @Override public void interval(IntervalResult i) { events.add("interval"); }
        @Override public boolean wantsDetail() { return detail; }
        @Override public void intervalDetail(IntervalResult i, IntervalDetail d) { events.add("intervalDetail"); }
        @Override public void late(IntervalResult i, String why) { events.add("late " + why); }
        @Override public void fault(String line) { events.add("fault " + line); }
        @Override public void faultStarted(String key, double at) { events.add("faultStarted " + key + " " + at); }
        @Override public void repeatFinished(RunResult run, RepeatResult r) { events.add("repeatFinished"); }
        @Override public void levelFinished(RunResult run, LevelResult l) { events.add("levelFinished"); }
        @Override public void runFinished(RunResult run) { events.add("runFinished"); }
    }

    private static void tellEveryEvent(RunListener l) {
        l.runStarted(null);
        l.probeStarted(4, 2.5, 3);
        l.repeatStarted(4, 1, 2);
        l.connecting(1, 4, false);
        l.connected(0.5);
        l.interval(null);
        l.intervalDetail(null, null);
        l.late(null, "why");
        l.fault("line");
        l.faultStarted("key", 1.5);
        l.repeatFinished(null, null);
        l.levelFinished(null, null);
        l.runFinished(null);
    }

    private static List<String> withoutDetail() {
        return EVERY_EVENT.stream().filter(e -> !e.equals("intervalDetail")).toList();
    }

    @Test
    void allTellsEachListenerEveryEventAndADetailOnlyToThoseThatWantOne() {
        Heard wants = new Heard(true), not = new Heard(false);
        RunListener all = RunListener.all(List.of(wants, not));
        assertTrue(all.wantsDetail());
        assertFalse(RunListener.all(List.of(not)).wantsDetail());
        tellEveryEvent(all);
        assertEquals(EVERY_EVENT, wants.events);
        assertEquals(withoutDetail(), not.events);
    }

    @Test
    void theWriterThreadTellsItsListenerEveryEventInOrder() {
        Heard wants = new Heard(true), not = new Heard(false);
        WriterThread writer = new WriterThread(RunListener.all(List.of(wants, not)));
        assertTrue(writer.wantsDetail());
        tellEveryEvent(writer);
        writer.flush();
        assertEquals(EVERY_EVENT, wants.events);
        assertEquals(withoutDetail(), not.events);
        assertFalse(new WriterThread(new Heard(false)).wantsDetail());
    }
}
