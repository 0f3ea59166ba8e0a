package org.oltpbench.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on a loopback port to a real server: a front end the tests can kill (every connection through it is
 * cut and new ones are refused, as when a tidb-server or an obproxy dies) and start again on the same port.
 */
final class TcpProxy implements AutoCloseable {
    private final int target;
    private final int port;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile ServerSocket server;
    /** Set from kill to revive: a connection the accept thread took around the kill is cut too (guarded by open). */
    private boolean dead;

    /** Every byte the clients sent through the relay, when asked for (null: not kept). */
    private final java.io.ByteArrayOutputStream sent;

    TcpProxy(int target) throws IOException {
        this(target, false);
    }

    /** A relay that keeps, with {@code tap}, every byte the clients send (what the server was asked, for the tests to read). */
    TcpProxy(int target, boolean tap) throws IOException {
        this.target = target;
        this.sent = tap ? new java.io.ByteArrayOutputStream() : null;
        ServerSocket s = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        this.port = s.getLocalPort();
        serve(s);
    }

    int port() {
        return port;
    }

    /** Cuts every relayed connection and stops accepting. */
    void kill() {
        synchronized (open) {
            dead = true;
            try {
                server.close();
            } catch (IOException e) {
                // closed already
            }
            for (Socket s : open) closeQuietly(s);
            open.clear();
        }
    }

    /** Accepts again on the same port. */
    void revive() throws IOException {
        synchronized (open) {
            dead = false;
        }
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
        serve(s);
    }

    private void serve(ServerSocket s) {
        server = s;
        Thread.ofPlatform().daemon().name("proxy-accept").start(() -> {
            while (!s.isClosed()) {
                try {
                    Socket in = s.accept();
                    Socket out = new Socket(InetAddress.getLoopbackAddress(), target);
                    if (!register(in, out)) continue;
                    pump(in, out, sent);
                    pump(out, in, null);
                } catch (IOException e) {
                    // closed, or the server refused: the client sees its socket close
                }
            }
        });
    }

    /**
     * Keeps a relayed pair, or cuts it when the relay was killed while the pair was being accepted (the listening
     * socket may complete a handshake that raced its close: such a connection must not outlive the kill).
     */
    private boolean register(Socket in, Socket out) {
        synchronized (open) {
            if (!dead) {
                open.add(in);
                open.add(out);
                return true;
            }
        }
        closeQuietly(in);
        closeQuietly(out);
        return false;
    }

    /** What the clients sent so far, as ISO-8859-1 text (one char a byte); empty without a tap. */
    String sent() {
        if (sent == null) return "";
        synchronized (sent) {
            return sent.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
        }
    }

    private void pump(Socket from, Socket to, java.io.ByteArrayOutputStream tap) {
        Thread.ofPlatform().daemon().name("proxy-pump").start(() -> {
            byte[] buf = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    if (tap != null) {
                        synchronized (tap) {
                            tap.write(buf, 0, n);
                        }
                    }
                    out.write(buf, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // cut
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        });
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closed already
        }
    }

    @Override
    public void close() {
        kill();
    }
}
