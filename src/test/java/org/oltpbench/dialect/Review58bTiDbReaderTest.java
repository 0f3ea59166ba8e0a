package org.oltpbench.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Review of 7ede324: TiDB's TPM reader over the status port. *
 * <p>A fresh reviewer's cases (2026-12-07); each was a defect of eb7c5f3's changes, fixed before they landed: the
 * assertions state the behaviour that holds now.
 */
@Timeout(60)
class Review58bTiDbReaderTest {

    /** A connection whose @@tidb_config names status-host 127.0.0.1 and {@code port}. */
    private static Connection tidbOn(int port) {
        ResultSet rs = (ResultSet) Proxy.newProxyInstance(Review58bTiDbReaderTest.class.getClassLoader(), new Class<?>[] {ResultSet.class},
                new java.lang.reflect.InvocationHandler() {
                    boolean given;

                    @Override
                    public Object invoke(Object p, java.lang.reflect.Method m, Object[] a) {
                        return switch (m.getName()) {
                            case "next" -> {
                                boolean first = !given;
                                given = true;
                                yield first;
                            }
                            case "getString" -> ((Integer) a[0]) == 1 ? "127.0.0.1" : String.valueOf(port);
                            default -> null;
                        };
                    }
                });
        Statement st = (Statement) Proxy.newProxyInstance(Review58bTiDbReaderTest.class.getClassLoader(), new Class<?>[] {Statement.class},
                (p, m, a) -> m.getName().equals("executeQuery") ? rs : null);
        return (Connection) Proxy.newProxyInstance(Review58bTiDbReaderTest.class.getClassLoader(), new Class<?>[] {Connection.class},
                (p, m, a) -> m.getName().equals("createStatement") ? st : null);
    }

    /**
     * A status port that answers its headers and the first bytes of the metrics, then stalls (an overloaded tidb-server,
     * a proxy that holds the stream): the request's 3-s timeout covers the headers only, so the body's read has no bound
     * and windowOpens/windowCloses hold the reporter (and the level) with it. The read should give up (-1) within the
     * 2 + 3 s the reader means to allow.
     */
    @Test
    void aStatusPortThatStallsMidBodyHoldsTheReaderUnbounded() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                try (Socket s = server.accept()) {
                    InputStream in = s.getInputStream();
                    byte[] buf = new byte[4096];
                    in.read(buf); // the request
                    OutputStream out = s.getOutputStream();
                    out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000000\r\n\r\n"
                            + "# HELP tidb_session_transaction_duration_seconds x\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    Thread.sleep(60_000);
                } catch (Exception e) {
                    // closed by the test
                }
            });
            t.setDaemon(true);
            t.start();
            CompletableFuture<Long> read = CompletableFuture.supplyAsync(() -> {
                try {
                    return new TiDbTransactions().read(tidbOn(server.getLocalPort()));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            long value;
            try {
                value = read.get(10, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                throw new AssertionError("TiDbTransactions.read still blocked after 10 s on a stalled metrics body "
                        + "(the 3-s request timeout does not cover the body)", e);
            }
            assertEquals(-1, value);
        }
    }

    /** Prometheus' text format allows a timestamp after the value; the reader takes the last field as the count. */
    @Test
    void aSampleWithATimestampIsReadAsItsValue() throws Exception {
        String text = "tidb_session_transaction_duration_seconds_count{scope=\"general\",txn_mode=\"pessimistic\",type=\"commit\"} 5 1700000000000\n";
        assertEquals(5, TiDbTransactions.sum(new BufferedReader(new StringReader(text))));
    }

    /** Go's 'g' formatting of a count of 1.2 million, as older client_golang writes a histogram's _count. */
    @Test
    void scientificNotationIsRead() throws Exception {
        String text = "tidb_session_transaction_duration_seconds_count{scope=\"general\",txn_mode=\"pessimistic\",type=\"commit\"} 1.234567e+06\n";
        assertEquals(1_234_567, TiDbTransactions.sum(new BufferedReader(new StringReader(text))));
        assertTrue(true);
    }
}
