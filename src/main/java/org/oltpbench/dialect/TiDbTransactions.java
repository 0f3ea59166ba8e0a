package org.oltpbench.dialect;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * TiDB's own count of the transactions its SQL layer ended, for HammerDB's TPM: TiDB has no Com_commit or Com_rollback
 * (SHOW GLOBAL STATUS holds a few variables), so the count is the one its status port serves to Prometheus,
 * {@code tidb_session_transaction_duration_seconds_count} of the user's sessions (scope="general"), committed, rolled
 * back and aborted (a COMMIT that failed), in either transaction mode; scope="internal" is TiDB's own.
 *
 * <p>What it counts, measured on tidb-server (unistore, v8.4 development build): each explicit transaction once as it
 * ends (BEGIN ... COMMIT or ROLLBACK, reads alone included), and an autocommitted statement that reads or writes a
 * table, but not a primary-key point get, nor a statement that touches no table ({@code SELECT 1}, {@code @@}
 * variables, information_schema's memory tables: the wait sampler's reads add nothing). A connection reads the
 * server it is connected to: the status port from {@code @@tidb_config}, on the host the connection reached (the
 * status host where it is a named one).
 */
final class TiDbTransactions implements CommitCounter.Reader {
    static final String NAME = "tidb_session_transaction_duration_seconds_count{scope=\"general\"} commit + rollback + abort";
    private static final String METRIC = "tidb_session_transaction_duration_seconds_count{";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    /** The most a read waits for the whole answer. */
    static final int READ_SECS = 3;

    @Override
    public long read(Connection c) throws SQLException {
        URI uri = metricsUri(c);
        if (uri == null) return -1;
        // the whole answer within READ_SECS: a request's timeout ends with the headers, and a status port that then
        // stalls would hold the reporter (and Ctrl-C) without end
        var answer = HTTP.sendAsync(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(READ_SECS)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        try {
            HttpResponse<String> r = answer.get(READ_SECS, java.util.concurrent.TimeUnit.SECONDS);
            if (r.statusCode() != 200) return -1;
            return sum(new BufferedReader(new java.io.StringReader(r.body())));
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException | IOException e) {
            answer.cancel(true);
            return -1;
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** The sum of the user sessions' ended transactions in Prometheus's text format; -1 when the metric is absent. */
    static long sum(BufferedReader in) throws IOException {
        long sum = 0;
        boolean found = false;
        for (String line; (line = in.readLine()) != null; ) {
            if (!line.startsWith(METRIC) || !line.contains("scope=\"general\"")) continue;
            if (!(line.contains("type=\"commit\"") || line.contains("type=\"rollback\"") || line.contains("type=\"abort\""))) continue;
            // the value follows the labels; a timestamp may follow it
            String[] rest = line.substring(line.lastIndexOf('}') + 1).trim().split("\\s+");
            sum += Math.round(Double.parseDouble(rest[0]));
            found = true;
        }
        return found ? sum : -1;
    }

    /** http://HOST:STATUS_PORT/metrics of the server {@code c} is connected to; null when TiDB does not say its port. */
    private static URI metricsUri(Connection c) throws SQLException {
        String host = null, port = null;
        try (var st = c.createStatement(); var rs = st.executeQuery("SELECT JSON_UNQUOTE(JSON_EXTRACT(@@tidb_config, "
                + "'$.status.\"status-host\"')), JSON_EXTRACT(@@tidb_config, '$.status.\"status-port\"')")) {
            if (rs.next()) {
                host = rs.getString(1);
                port = rs.getString(2);
            }
        }
        if (port == null || port.isBlank()) return null;
        if (host == null || host.isBlank() || host.equals("0.0.0.0") || host.equals("::")) host = connectedHost(c);
        if (host == null) return null;
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port.trim() + "/metrics");
    }

    /** The host in the connection's URL (jdbc:mariadb://HOST:PORT/db, the first of several); null when it names none. */
    static String connectedHost(Connection c) throws SQLException {
        return hostOf(c.getMetaData().getURL());
    }

    static String hostOf(String url) {
        return org.oltpbench.db.FrontEnds.host(url);
    }
}
