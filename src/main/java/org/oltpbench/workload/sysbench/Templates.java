package org.oltpbench.workload.sysbench;

import org.oltpbench.random.SbRandom;

/** sysbench's value templates for the c and pad columns: groups of 11 random digits joined by '-'. */
final class Templates {
    /** 10 groups, 119 characters. */
    static final char[] C = group(10);
    /** 5 groups, 59 characters. */
    static final char[] PAD = group(5);

    private Templates() {
    }

    private static char[] group(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) sb.append('-');
            sb.append("###########");
        }
        return sb.toString().toCharArray();
    }

    /** A fresh random value for a template. */
    static String value(SbRandom rnd, char[] template, char[] buf) {
        rnd.fill(template, buf);
        return new String(buf);
    }
}
