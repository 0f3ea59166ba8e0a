package org.oltpbench.util;

/** Message helpers shared by the one-line error reports. */
public final class Text {
    private Text() {
    }

    /** The first line of a possibly multi-line message; "unknown error" for null. */
    public static String firstLine(String s) {
        if (s == null) return "unknown error";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
