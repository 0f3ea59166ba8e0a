package org.oltpbench.db.load;

import java.util.Arrays;

/**
 * Rows in the tab-separated text format that both LOAD DATA (default FIELDS/LINES options) and
 * PostgreSQL's COPY ... FROM STDIN (text format) read: tab between fields, newline after a row,
 * backslash escapes, and \N for NULL. Bytes are written straight into a growable buffer.
 */
final class TextRows {
    private byte[] buf = new byte[1 << 20];
    private int len;
    private boolean first = true;
    int rows;

    private void ensure(int n) {
        if (len + n > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
    }

    private void sep() {
        if (!first) {
            ensure(1);
            buf[len++] = '\t';
        }
        first = false;
    }

    void integer(long v) {
        sep();
        ensure(20);
        if (v < 0) {
            buf[len++] = '-';
            if (v == Long.MIN_VALUE) {
                byte[] b = "9223372036854775808".getBytes();
                System.arraycopy(b, 0, buf, len, b.length);
                len += b.length;
                return;
            }
            v = -v;
        }
        int start = len;
        do {
            buf[len++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        for (int i = start, j = len - 1; i < j; i++, j--) {
            byte t = buf[i];
            buf[i] = buf[j];
            buf[j] = t;
        }
    }

    /** ASCII fast path; other characters are written as UTF-8. */
    void text(char[] v) {
        sep();
        ensure(v.length * 3 + 2);
        for (char ch : v) {
            if (ch == '\t' || ch == '\n' || ch == '\\' || ch == '\r') {
                buf[len++] = '\\';
                buf[len++] = (byte) (ch == '\t' ? 't' : ch == '\n' ? 'n' : ch == '\r' ? 'r' : '\\');
            } else if (ch < 0x80) {
                buf[len++] = (byte) ch;
            } else {
                byte[] b = String.valueOf(ch).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                ensure(b.length + v.length * 3);
                System.arraycopy(b, 0, buf, len, b.length);
                len += b.length;
            }
        }
    }

    void decimal(double v, int scale) {
        sep();
        byte[] b = java.math.BigDecimal.valueOf(v).setScale(scale, java.math.RoundingMode.HALF_UP).toPlainString().getBytes();
        ensure(b.length);
        System.arraycopy(b, 0, buf, len, b.length);
        len += b.length;
    }

    void nul() {
        sep();
        ensure(2);
        buf[len++] = '\\';
        buf[len++] = 'N';
    }

    void endRow() {
        ensure(1);
        buf[len++] = '\n';
        first = true;
        rows++;
    }

    java.io.InputStream stream() {
        return new java.io.ByteArrayInputStream(buf, 0, len);
    }

    int size() {
        return len;
    }

    void reset() {
        len = 0;
        rows = 0;
        first = true;
    }
}
