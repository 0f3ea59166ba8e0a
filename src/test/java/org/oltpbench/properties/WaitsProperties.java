package org.oltpbench.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.judge.usage.WaitRules;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;

/**
 * Issue 45: the waits' counts add up, however they are combined. Intervals of several clients, each sampling 1-20
 * times and seeing 0-16 active sessions a sample in random classes under up to 30 engine names (more than the 8 kept
 * per class), summed over time ({@link Waits#plus}) and over clients ({@link Waits#alongside}).
 */
class WaitsProperties {
    private static Waits random(Random r, int samples, int sessions) {
        Map<WaitClass, Long> classes = new EnumMap<>(WaitClass.class);
        Map<WaitClass, Map<String, Long>> names = new EnumMap<>(WaitClass.class);
        Map<String, Long> objects = new HashMap<>();
        long idle = 0;
        for (int s = 0; s < samples; s++) {
            int active = r.nextInt(sessions + 1);
            idle += sessions - active;
            for (int k = 0; k < active; k++) {
                WaitClass c = WaitClass.values()[r.nextInt(WaitClass.values().length)];
                classes.merge(c, 1L, Long::sum);
                names.computeIfAbsent(c, x -> new HashMap<>()).merge("event" + r.nextInt(30), 1L, Long::sum);
                if (c == WaitClass.LOCK) objects.merge("table" + r.nextInt(12), 1L, Long::sum);
            }
        }
        return new Waits(samples, classes, names, objects, idle);
    }

    /** Each class's names, kept and folded into "(others)", add up to the class's count; the lock tables to the locks'. */
    private static void namesAddUp(Waits w) {
        for (WaitClass c : WaitClass.values()) {
            assertEquals(w.count(c), w.names(c).values().stream().mapToLong(Long::longValue).sum(), c + "'s names");
            assertTrue(w.names(c).size() <= Waits.KEPT + 1, "at most the kept names and (others)");
        }
        assertEquals(w.count(WaitClass.LOCK), w.objects().values().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    void countsAddUpOverIntervalsAndClients() {
        Prop.forAll(300, d -> countsAddUpOverIntervalsAndClients(d.anyLong(), d.ints(1, 4), d.ints(1, 12)));
    }

    private static void countsAddUpOverIntervalsAndClients(long seed, int clients, int intervals) {
        Random r = new Random(seed);
        List<Waits> perInterval = new ArrayList<>();
        double activeSum = 0;
        long total = 0;
        int samples = 0;
        for (int i = 0; i < intervals; i++) {
            int n = 1 + r.nextInt(20);
            List<Waits> each = new ArrayList<>();
            double active = 0;
            for (int c = 0; c < clients; c++) {
                Waits w = random(r, n, 16);
                namesAddUp(w);
                active += w.activeSessions();
                total += w.total();
                each.add(w);
            }
            Waits merged = Waits.acrossClients(each);
            List<Waits> oneUnsampled = new ArrayList<>(each);
            oneUnsampled.set(r.nextInt(clients), Waits.NONE);
            // one client not sampled: the others' sessions are not the level's
            assertFalse(Waits.acrossClients(oneUnsampled).sampled());
            namesAddUp(merged);
            // every sample saw each client's 16 sessions, active or idle
            assertEquals((long) clients * 16 * n, merged.total() + merged.idle());
            // clients sampling alike: their sessions add, so the merged interval's active sessions are the sum
            assertEquals(active, merged.activeSessions(), 1e-9);
            assertEquals(n, merged.samples());
            samples += n;
            activeSum += active * n;
            perInterval.add(merged);
        }
        Waits window = Waits.sum(perInterval);
        namesAddUp(window);
        assertEquals(samples, window.samples());
        assertEquals(total, window.total());
        // over time, the window's active sessions are the samples-weighted mean of its intervals'
        assertEquals(activeSum / samples, window.activeSessions(), 1e-9);
        double shares = 0;
        for (WaitClass c : WaitClass.values()) shares += window.share(c);
        assertEquals(window.total() == 0 ? 0 : 1, shares, 1e-9, "the shares are of one whole");
        // the line printed holds the figures it is drawn from
        String line = WaitRules.sessions(window, 0);
        assertTrue(line.startsWith(String.format(java.util.Locale.ROOT, "%.1f sessions in transactions", window.activeSessions())), line);
    }
}
