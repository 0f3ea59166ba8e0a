package org.oltpbench.report.html;

import java.util.Base64;
import java.util.List;
import org.oltpbench.report.chart.RunCharts;

/** The pieces every self-contained page shares: escaping, one style sheet, tables, images inlined as data URIs. */
public final class Html {
    private static final String STYLE = """
            body{font-family:DejaVu Sans,Helvetica,Arial,sans-serif;margin:24px auto;max-width:1040px;color:#222}
            h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ddd;padding-bottom:4px}
            table{border-collapse:collapse;margin:8px 0 16px 0;font-size:13px}
            th,td{border:1px solid #ccc;padding:4px 8px;text-align:right}th{background:#f3f3f3}
            td.k,th.k{text-align:left}table.kv td{text-align:left}.note{color:#666;font-size:12px}.flag{color:#b00}
            img{max-width:100%;border:1px solid #eee;margin:8px 0}
            """;

    private Html() {
    }

    public static String esc(Object o) {
        String s = String.valueOf(o);
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    public static String page(String title, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(title) + "</title><style>"
                + STYLE + "</style></head><body>\n<h1>" + esc(title) + "</h1>\n" + body + "</body></html>\n";
    }

    /** A table whose first column is a left-aligned name; cells are escaped. */
    public static String table(List<String> header, List<List<String>> rows) {
        StringBuilder b = new StringBuilder("<table><tr>");
        for (int i = 0; i < header.size(); i++) b.append(i == 0 ? "<th class=\"k\">" : "<th>").append(esc(header.get(i))).append("</th>");
        b.append("</tr>\n");
        for (List<String> row : rows) {
            b.append("<tr>");
            for (int i = 0; i < row.size(); i++) b.append(i == 0 ? "<td class=\"k\">" : "<td>").append(esc(row.get(i))).append("</td>");
            b.append("</tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    /** A two-column name/value table, both columns left-aligned. */
    public static String pairs(List<String> header, List<List<String>> rows) {
        return table(header, rows).replaceFirst("<table>", "<table class=\"kv\">");
    }

    /** Charts as inline PNGs, so the page opens offline and travels as one file. */
    public static String images(List<RunCharts.Chart> charts) {
        StringBuilder b = new StringBuilder();
        for (RunCharts.Chart c : charts) {
            b.append("<div><img alt=\"").append(esc(c.title())).append("\" src=\"data:image/png;base64,")
                    .append(Base64.getEncoder().encodeToString(c.png())).append("\"></div>\n");
        }
        return b.toString();
    }

    public static String note(String text) {
        return "<p class=\"note\">" + esc(text) + "</p>\n";
    }
}
