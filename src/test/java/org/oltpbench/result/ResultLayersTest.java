package org.oltpbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * result/'s folders (developing.md, Layout) form floors: a folder uses only folders on floors below it, never one that
 * uses it back, and nothing outside the records' own helpers (config, stats). Read from the sources' import lines and
 * qualified names, so a new class that closes a circle fails here, naming the circle.
 */
class ResultLayersTest {
    private static final Path ROOT = Path.of("src/main/java/org/oltpbench/result");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
    private static final Pattern USED = Pattern.compile("\\b(org\\.oltpbench\\.[a-z][\\w.]*?)\\.[A-Z]");

    /** Each package under result/ and the org.oltpbench packages its sources name. */
    static Map<String, Set<String>> graph(Path root) throws IOException {
        Map<String, Set<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String src = Files.readString(f);
                Matcher pkg = PACKAGE.matcher(src);
                assertTrue(pkg.find(), f + " has no package line");
                Set<String> out = uses.computeIfAbsent(pkg.group(1), k -> new TreeSet<>());
                for (Matcher m = USED.matcher(src); m.find(); ) if (!m.group(1).equals(pkg.group(1))) out.add(m.group(1));
            }
        }
        return uses;
    }

    /** The first circle found by a depth-first walk over the packages inside result/, or an empty list. */
    static List<String> circle(Map<String, Set<String>> uses) {
        Map<String, Integer> state = new TreeMap<>(); // 1 on the walk's path, 2 done
        for (String p : uses.keySet()) {
            List<String> c = walk(p, uses, state, new ArrayList<>());
            if (!c.isEmpty()) return c;
        }
        return List.of();
    }

    private static List<String> walk(String p, Map<String, Set<String>> uses, Map<String, Integer> state, List<String> path) {
        Integer s = state.get(p);
        if (s != null && s == 2) return List.of();
        path.add(p);
        if (s != null) return path.subList(path.indexOf(p), path.size());
        state.put(p, 1);
        for (String d : uses.getOrDefault(p, Set.of())) {
            if (!uses.containsKey(d)) continue;
            List<String> c = walk(d, uses, state, path);
            if (!c.isEmpty()) return c;
        }
        state.put(p, 2);
        path.remove(path.size() - 1);
        return List.of();
    }

    @Test
    void resultsFoldersUseEachOtherWithoutACircle() throws IOException {
        Map<String, Set<String>> uses = graph(ROOT);
        assertTrue(uses.size() >= 10, "result/'s folders were not found under " + ROOT.toAbsolutePath());
        assertEquals(List.of(), circle(uses), "a circle between result/'s folders");
    }

    @Test
    void resultUsesNothingAboveTheRecords() throws IOException {
        Set<String> outside = new TreeSet<>();
        graph(ROOT).values().forEach(ds -> ds.stream().filter(d -> !d.startsWith("org.oltpbench.result")).forEach(outside::add));
        assertEquals(Set.of(), outside.stream().filter(d -> !Set.of("org.oltpbench.config", "org.oltpbench.stats").contains(d))
                .collect(java.util.stream.Collectors.toSet()), "result/ uses a part above it (the sweep, the reports, the command line)");
    }

    /** The searches' decisions sit beside the sweep (driver/search): result/ records their answer and never names them. */
    @Test
    void resultNamesNoSearchDecisions() throws IOException {
        Map<String, Set<String>> uses = graph(ROOT);
        assertTrue(uses.containsKey("org.oltpbench.result.search"), "result/search, the answer's records, was not found");
        uses.forEach((p, ds) -> assertFalse(ds.stream().anyMatch(d -> d.startsWith(SEARCH)), p + " uses " + ds));
    }

    /** driver/search stands on the records alone (result/, config, stats): not on the sweep, the reports or the doors. */
    @Test
    void theSearchDecisionsUseOnlyTheRecords() throws IOException {
        Map<String, Set<String>> uses = graph(Path.of("src/main/java/org/oltpbench/driver/search"));
        assertEquals(Set.of(SEARCH), uses.keySet(), "driver/search's sources were not found, or it grew a folder");
        Set<String> above = new TreeSet<>(uses.get(SEARCH));
        above.removeIf(d -> d.startsWith("org.oltpbench.result") || Set.of("org.oltpbench.config", "org.oltpbench.stats").contains(d));
        assertEquals(Set.of(), above, "driver/search uses a part above the records");
    }

    private static final String SEARCH = "org.oltpbench.driver.search";

    /**
     * The records a judge's values sit in (level/, repeat/ at any depth) and the files (file/) name no judge: judge/
     * computes over the records and is read top down above level/ and repeat/; file/ reads and writes records and is
     * given a judge by its caller (Journal.Judge, Merge's usage) rather than naming one.
     */
    @Test
    void recordsNameNoJudge() throws IOException {
        Map<String, Set<String>> uses = graph(ROOT);
        List<String> records = List.of("org.oltpbench.result.level", "org.oltpbench.result.repeat", "org.oltpbench.result.file");
        assertTrue(uses.keySet().containsAll(records), "level/, repeat/ or file/ was not found under " + ROOT.toAbsolutePath());
        Map<String, Set<String>> named = new TreeMap<>();
        uses.forEach((p, ds) -> {
            if (records.stream().noneMatch(r -> p.equals(r) || p.startsWith(r + "."))) return;
            Set<String> judges = new TreeSet<>();
            ds.stream().filter(d -> d.startsWith(JUDGE)).forEach(judges::add);
            if (!judges.isEmpty()) named.put(p, judges);
        });
        assertEquals(Map.of(), named, "a record (level/, repeat/) or file/ names a judge");
    }

    private static final String JUDGE = "org.oltpbench.result.judge";

    /**
     * Config (the keys as set) is read where parameters are built (config/), by the job that resolves them (run/) and by
     * the Java API (OltpBench); every other part works on the typed parameters. A URL's password is hidden by
     * JdbcDriver.redact, where URLs pick their driver.
     */
    @Test
    void configIsReadOnlyByConfigRunAndTheApi() throws IOException {
        Path main = Path.of("src/main/java/org/oltpbench");
        Pattern config = Pattern.compile("\\borg\\.oltpbench\\.config\\.Config\\b(?!\\w)");
        List<String> readers = new ArrayList<>();
        try (Stream<Path> files = Files.walk(main)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String rel = main.relativize(f).toString().replace('\\', '/');
                if (rel.startsWith("config/") || rel.startsWith("run/") || rel.equals("OltpBench.java")) continue;
                if (config.matcher(Files.readString(f)).find()) readers.add(rel);
            }
        }
        assertEquals(List.of(), readers, "Config used outside config/, run/ and the API");
    }

    @Test
    void aCircleIsFoundAndNamed() {
        Map<String, Set<String>> uses = new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a")));
        assertEquals(List.of("a", "b", "c", "a"), circle(uses));
        assertEquals(List.of(), circle(new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of(), "d", Set.of("a", "b")))));
    }
}
