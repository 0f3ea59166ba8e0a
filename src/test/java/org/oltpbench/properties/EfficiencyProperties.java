package org.oltpbench.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.oltpbench.driver.search.SearchReplay;
import org.oltpbench.report.Console;
import org.oltpbench.report.SearchFormat;
import org.oltpbench.report.TpccFormat;
import org.oltpbench.report.files.SummaryCsv;
import org.oltpbench.report.html.RunReport;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.PacedTpcc;
import org.oltpbench.result.judge.conformance.Conformance;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.workload.WorkloadInfo;

/**
 * TPC-C's efficiency of a level is one figure, or the one word "unpaced", in every output that prints it: the go-tpc
 * summary line, the sweep table, report.html's levels table, a warehouses search's path, summary.csv and the 4.1.3 rule
 * (issue 42 §1.14). Generated over keying and think times each at the spec's, scaled (x0.1, x0.01) or off, the run's
 * warehouses, a listed level or a warehouses=search probe of fewer, and the New-Orders it completed.
 */
class EfficiencyProperties {
    /**
     * @param keying    keying times' multiplier (0: no keying time)
     * @param think     think times' multiplier (0: no think time)
     * @param loaded    the run's warehouses
     * @param probe     a warehouses=search probe's warehouses (1..loaded), or 0 for a listed level of {@code loaded}
     * @param newOrders New-Orders completed in {@code seconds}
     */
    record Level(double keying, double think, int loaded, int probe, long newOrders, double seconds) {
        int warehouses() {
            return probe > 0 ? probe : loaded;
        }
    }

    private static Level levels(Draw d) {
        double k = d.of(0.0, 0.01, 0.1, 1.0), t = d.of(0.0, 0.01, 0.1, 1.0);
        int w = d.ints(1, 40), p = d.ints(0, 40);
        return new Level(k, t, w, Math.min(p, w), d.longs(1, 200_000), d.doubles(10, 600, 1));
    }

    @Test
    void aLevelsEfficiencyIsOneFigureInEveryOutput() {
        Prop.forAll(40, d -> aLevelsEfficiencyIsOneFigureInEveryOutput(levels(d)));
    }

    private static void aLevelsEfficiencyIsOneFigureInEveryOutput(Level c) {
        WorkloadInfo info = PacedTpcc.info(c.keying(), c.think(), c.loaded());
        boolean search = c.probe() > 0 && c.keying() > 0 && c.think() > 0; // warehouses=search needs both times
        int w = search ? c.warehouses() : c.loaded();
        RepeatResult r = Fixtures.tpcc(10 * w, c.seconds(), c.newOrders(), 0, c.newOrders() * 43 / 45, RepeatResult.COMPLETED);
        LevelResult l = new LevelResult(10 * w, Map.of(), 0, List.of(r));
        if (search) l = l.at(0, w);
        RunResult run = run(info, l, search);
        List<String> shown = new ArrayList<>();
        shown.add(last(goTpcLine(info, r, search ? w : 0), "efficiency: (\\S+)"));
        shown.add(cell(table(run), 7));
        shown.add(htmlLevelCell(RunReport.render(run, List.of(), "")));
        shown.add(csvCell(SummaryCsv.render(run)));
        Conformance.Rule rule = run.conformance().get(0).rules().stream()
                .filter(x -> x.clause().equals("4.1.3") && x.rule().equals("efficiency")).findFirst().orElseThrow();
        shown.add(last(rule.detail(), "(?:warehouses\\): |efficiency )(\\S+?%|unpaced)"));
        if (search) {
            List<String> header = SearchFormat.header(run);
            shown.add(SearchFormat.rows(run, run.search()).get(0).get(header.indexOf("efficiency")));
        }
        boolean paced = c.keying() > 0 || c.think() > 0;
        if (!paced) {
            for (String s : shown) assertEquals("unpaced", s, c + ": " + shown);
            return;
        }
        double first = number(shown.get(0), c, shown);
        for (String s : shown) assertEquals(first, number(s, c, shown), 0.0051, c + ": " + shown);
    }

    private static double number(String s, Level c, List<String> shown) {
        assertTrue(s.matches("-?[\\d.]+%?"), c + ": a paced level's efficiency is a figure: " + shown);
        return Double.parseDouble(s.replace("%", ""));
    }

    private static RunResult run(WorkloadInfo info, LevelResult l, boolean search) {
        RunResult base = Fixtures.with(Fixtures.run(List.of(l)), info);
        if (!search) return base;
        return SearchReplay.answered(new RunResult(base.schemaVersion(), base.oltpbenchVersion(), info, Fixtures.params(
                "db=mariadb", "workload=tpcc", "warehouses=search", "searchMax=40", "keyingTime=true", "thinkTime=true",
                "time=60"), base.server(), base.client(), base.terms(), base.startedAt(), base.endedAt(), List.of(), List.of(l)));
    }

    /** The console's summary of the repeat, as a run prints it after each repeat. */
    private static String goTpcLine(WorkloadInfo info, RepeatResult r, int probeWarehouses) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        Console.tpcc(info, false).summary(new PrintStream(b, true, StandardCharsets.UTF_8), r, probeWarehouses);
        return b.toString(StandardCharsets.UTF_8);
    }

    private static String table(RunResult run) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        TpccFormat.sweepTable(new PrintStream(b, true, StandardCharsets.UTF_8), run);
        return b.toString(StandardCharsets.UTF_8);
    }

    /** Cell {@code i} of the table's first row (after the header and its rule). */
    private static String cell(String table, int i) {
        return table.split("\n")[2].split("\\|")[i].trim();
    }

    /** The efficiency cell of report.html's levels table: the header's "efficiency(%)" column. */
    private static String htmlLevelCell(String html) {
        String section = html.substring(html.indexOf("Results by level of"));
        List<String> heads = all(section.substring(0, section.indexOf("</tr>")), "<th[^>]*>([^<]*)</th>");
        int i = heads.indexOf("efficiency(%)");
        String row = section.substring(section.indexOf("<td"));
        return all(row.substring(0, row.indexOf("</tr>")), "<td[^>]*>([^<]*)</td>").get(i);
    }

    private static String csvCell(String csv) {
        String[] lines = csv.split("\n");
        return lines[1].split(",", -1)[List.of(lines[0].split(",")).indexOf("efficiency_pct")];
    }

    private static String last(String text, String regex) {
        List<String> found = all(text, regex);
        assertTrue(!found.isEmpty(), regex + " in " + text);
        return found.get(found.size() - 1);
    }

    private static List<String> all(String text, String regex) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) out.add(m.group(1));
        return out;
    }
}
