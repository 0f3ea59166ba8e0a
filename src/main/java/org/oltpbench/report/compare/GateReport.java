package org.oltpbench.report.compare;

import java.util.ArrayList;
import java.util.List;
import org.oltpbench.report.LabeledRun;

/**
 * {@code compare BASE NEW --gate ...}: every gate judged at every level of the baseline run, in each other run. Exit
 * code 1 when a level fails a gate; 2 when none fails but one could not be judged (no interval); 0 otherwise.
 */
public record GateReport(List<Entry> entries) {
    /** One run's judgement at one level against one gate. */
    public record Entry(String run, Gate.Judgement judgement) {
        public String line() {
            return run + ": " + judgement.line();
        }
    }

    public static GateReport of(Comparison c, List<Gate> gates) {
        List<Entry> out = new ArrayList<>();
        LabeledRun base = c.baseline();
        for (LabeledRun r : c.runs()) {
            if (r == base) continue;
            for (Gate g : gates) for (Gate.Judgement j : g.judge(base.run(), r.run())) out.add(new Entry(r.label(), j));
        }
        return new GateReport(out);
    }

    public boolean present() {
        return !entries.isEmpty();
    }

    /** 1 when any level failed a gate; else 2 when one was not judged; else 0. */
    public int exitCode() {
        if (entries.stream().anyMatch(e -> e.judgement.outcome() == Gate.Outcome.FAIL)) return 1;
        if (entries.stream().anyMatch(e -> e.judgement.outcome() == Gate.Outcome.NOT_JUDGED)) return 2;
        return 0;
    }

    /** The closing line: how many levels passed, were within noise, failed or were not judged. */
    public String summary() {
        long[] n = new long[Gate.Outcome.values().length];
        for (Entry e : entries) n[e.judgement.outcome().ordinal()]++;
        return String.format(java.util.Locale.ROOT, "gates: %d passed, %d within noise, %d failed, %d not judged -> exit %d",
                n[0], n[1], n[2], n[3], exitCode());
    }

    /**
     * The JUnit XML report CI servers show natively (Jenkins, GitLab, GitHub Actions): one test suite, a test case per
     * run, level and gate; a failed gate is a failure, one not judged an error, with the judgement's line as message.
     */
    public String junit() {
        try {
            var doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
            var suite = doc.createElement("testsuite");
            long failures = entries.stream().filter(e -> e.judgement.outcome() == Gate.Outcome.FAIL).count();
            long errors = entries.stream().filter(e -> e.judgement.outcome() == Gate.Outcome.NOT_JUDGED).count();
            suite.setAttribute("name", "oltpbench gates");
            suite.setAttribute("tests", String.valueOf(entries.size()));
            suite.setAttribute("failures", String.valueOf(failures));
            suite.setAttribute("errors", String.valueOf(errors));
            suite.setAttribute("skipped", "0");
            doc.appendChild(suite);
            for (Entry e : entries) {
                var tc = doc.createElement("testcase");
                tc.setAttribute("classname", "oltpbench.gate." + e.run);
                tc.setAttribute("name", e.judgement.gate().spec() + " at " + e.judgement.threads() + " threads");
                tc.setAttribute("time", "0");
                String kind = switch (e.judgement.outcome()) {
                    case FAIL -> "failure";
                    case NOT_JUDGED -> "error";
                    default -> null;
                };
                if (kind != null) {
                    var f = doc.createElement(kind);
                    f.setAttribute("message", e.line());
                    tc.appendChild(f);
                }
                var so = doc.createElement("system-out");
                so.setTextContent(e.line());
                tc.appendChild(so);
                suite.appendChild(tc);
            }
            var t = javax.xml.transform.TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(javax.xml.transform.OutputKeys.INDENT, "yes");
            t.setOutputProperty(javax.xml.transform.OutputKeys.ENCODING, "UTF-8");
            var w = new java.io.StringWriter();
            t.transform(new javax.xml.transform.dom.DOMSource(doc), new javax.xml.transform.stream.StreamResult(w));
            return w.toString();
        } catch (javax.xml.parsers.ParserConfigurationException | javax.xml.transform.TransformerException e) {
            throw new IllegalStateException("the JDK's XML writer failed: " + e.getMessage(), e);
        }
    }
}
