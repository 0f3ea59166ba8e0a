package org.oltpbench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A Markdown table a terminal shows aligned: every column padded to its widest cell (the header's included) and a
 * separator row after the header. A column whose cells all begin with a figure is right-aligned (and marked so in the
 * separator); the others are left-aligned.
 */
public final class MarkdownTable {
    private MarkdownTable() {
    }

    /** {@code rows.get(0)} is the header; every row has as many cells as it. */
    public static List<String> lines(List<List<String>> rows) {
        int n = rows.get(0).size();
        int[] width = new int[n];
        boolean[] right = new boolean[n];
        for (int i = 0; i < n; i++) {
            right[i] = rows.size() > 1;
            for (int k = 0; k < rows.size(); k++) {
                String cell = rows.get(k).get(i);
                width[i] = Math.max(Math.max(3, width[i]), cell.length());
                if (k > 0 && !cell.matches("[-\\d].*")) right[i] = false;
            }
        }
        List<String> out = new ArrayList<>();
        for (int k = 0; k < rows.size(); k++) {
            StringBuilder b = new StringBuilder("|");
            for (int i = 0; i < n; i++) {
                String cell = rows.get(k).get(i), pad = " ".repeat(width[i] - cell.length());
                b.append(' ').append(right[i] ? pad + cell : cell + pad).append(" |");
            }
            out.add(b.toString());
            if (k > 0) continue;
            StringBuilder sep = new StringBuilder("|");
            for (int i = 0; i < n; i++) sep.append("-".repeat(width[i] + 1)).append(right[i] ? ":|" : "-|");
            out.add(sep.toString());
        }
        return out;
    }
}
