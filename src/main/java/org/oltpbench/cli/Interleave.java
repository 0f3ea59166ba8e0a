package org.oltpbench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.RunParams;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.run.Job;

/**
 * {@code -c a.properties -c b.properties}: the targets run in turn, level by level and repeat by repeat (A B A B ...),
 * on the same thread levels, each after its data is prepared up front; one result directory per target, then a
 * {@code compare} directory for all of them. Paired repeats make the ratio honest while a shared machine drifts.
 */
final class Interleave {
    private Interleave() {
    }

    static int run(List<Job> jobs, List<String> labels, boolean prepareIfAbsent, PrintStream out) throws Exception {
        sameLevels(jobs, labels);
        List<Job> distinct = distinctDirectories(jobs, labels, out);
        List<RunResult> runs = Job.interleaved(distinct, labels, prepareIfAbsent);
        if (runs == null) return distinct.get(0).exitCode(null); // a stopped load (130, 143) or failed checks (1)
        int code = Job.OK;
        for (int i = 0; i < distinct.size(); i++) code = Math.max(code, distinct.get(i).exitCode(runs.get(i)));
        Map<String, Path> dirs = new LinkedHashMap<>();
        for (int i = 0; i < distinct.size(); i++) dirs.put(labels.get(i), Path.of(distinct.get(i).params().output().resultDirectory()));
        Path first = dirs.values().iterator().next().toAbsolutePath();
        Path compare = first.getParent().resolve("compare-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        out.println();
        OutputVerbs.compare(List.of(), dirs, null, false, compare, out);
        return code;
    }

    /** Refuses, in one line, files whose thread levels differ: a level run by one target only pairs with nothing. */
    static void sameLevels(List<Job> jobs, List<String> labels) {
        List<Integer> first = threads(jobs.get(0).params());
        for (int i = 1; i < jobs.size(); i++) {
            List<Integer> other = threads(jobs.get(i).params());
            if (!other.equals(first)) {
                throw new ConfigException("the props files give different thread levels (" + labels.get(0) + ": " + join(first)
                        + "; " + labels.get(i) + ": " + join(other) + "); interleaved runs pair level by level, so give the "
                        + "levels once for all with --set threads=...");
            }
        }
    }

    /** The levels that must pair: all but 0, CH's analytics-only level, which a job without streams leaves out. */
    private static List<Integer> threads(RunParams p) {
        List<Integer> out = new ArrayList<>();
        for (var l : p.sweep().levels()) if (l.totalThreads() > 0) out.add(l.totalThreads());
        return out;
    }

    private static String join(List<Integer> xs) {
        return String.join(",", xs.stream().map(String::valueOf).toList());
    }

    /** Jobs whose result directories coincide (same engine, workload and second) get their label appended. */
    private static List<Job> distinctDirectories(List<Job> jobs, List<String> labels, PrintStream out) {
        List<Job> distinct = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            Job j = jobs.get(i);
            String dir = j.params().output().resultDirectory();
            boolean clash = false;
            for (int k = 0; k < jobs.size(); k++) clash |= k != i && jobs.get(k).params().output().resultDirectory().equals(dir);
            if (clash || seen.contains(dir)) j = j.withResultDirectory(dir + "-" + labels.get(i));
            seen.add(j.params().output().resultDirectory());
            distinct.add(j);
        }
        return distinct;
    }
}
