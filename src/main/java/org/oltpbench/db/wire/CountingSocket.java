package org.oltpbench.db.wire;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

/**
 * A TCP socket that counts what crosses it into the {@link Wire} of the thread doing the I/O: bytes written and read,
 * and a round trip each time the client writes after having read (the first write after connecting included).
 */
final class CountingSocket extends Socket {
    /** The next write starts a round trip: nothing was written since the last read. */
    private boolean replied = true;
    private InputStream in;
    private OutputStream out;
    /** The thread the cached {@link Wire} belongs to; the counts follow the thread that does the I/O. */
    private Thread owner;
    private Wire wire;

    private Wire wire() {
        Thread t = Thread.currentThread();
        if (t != owner) {
            owner = t;
            wire = Wire.mine();
        }
        return wire;
    }

    @Override
    public synchronized InputStream getInputStream() throws IOException {
        if (in == null) in = new In(super.getInputStream());
        return in;
    }

    @Override
    public synchronized OutputStream getOutputStream() throws IOException {
        if (out == null) out = new Out(super.getOutputStream());
        return out;
    }

    private void read(int n) {
        if (n <= 0) return;
        wire().bytesIn += n;
        replied = true;
    }

    private void wrote(int n) {
        Wire w = wire();
        if (replied) {
            w.roundTrips++;
            replied = false;
        }
        w.bytesOut += n;
    }

    private final class In extends FilterInputStream {
        In(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) CountingSocket.this.read(1);
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            CountingSocket.this.read(n);
            return n;
        }
    }

    private final class Out extends FilterOutputStream {
        Out(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            wrote(1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            wrote(len);
        }
    }
}
