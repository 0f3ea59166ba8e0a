package org.oltpbench.workload;

import java.util.ArrayList;
import java.util.List;

/** The outcome of {@code check}: one line per condition, pass or fail. */
public final class CheckReport {
    public record Line(String name, boolean passed, String detail) {
    }

    private final List<Line> lines = new ArrayList<>();

    public void add(String name, boolean passed, String detail) {
        lines.add(new Line(name, passed, detail));
    }

    public List<Line> lines() {
        return List.copyOf(lines);
    }

    public boolean passed() {
        return lines.stream().allMatch(Line::passed);
    }
}
