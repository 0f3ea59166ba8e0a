package org.oltpbench.report.files;

import java.util.List;

/** RFC 4180 rows: a field with a comma, quote or line break is quoted, quotes doubled. */
public final class Csv {
    private Csv() {
    }

    public static String row(List<?> fields) {
        StringBuilder b = new StringBuilder();
        for (Object f : fields) {
            if (b.length() > 0) b.append(',');
            b.append(field(String.valueOf(f)));
        }
        return b.toString();
    }

    static String field(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
