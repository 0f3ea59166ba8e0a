package org.oltpbench.db;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.oltpbench.config.ConfigException;
import org.oltpbench.dialect.Dialect;

/**
 * The SQL front ends a job drives (tidb-servers, obproxies, Klustron compute nodes), one JDBC URL each.
 * Benchmark thread i uses front end i mod n: deterministic round-robin.
 */
public final class FrontEnds {
    /** A plain multi-host URL: scheme, host list, then the path and parameters. Driver modes (jdbc:mysql:loadbalance:) do not match. */
    private static final Pattern MULTI = Pattern.compile("^(jdbc:(?:mysql|mariadb|postgresql)://)([^/?]+)(.*)$");

    /** A driver-routed URL of the MySQL family (replication, loadbalance, sequential): its driver picks the host. */
    private static final Pattern ROUTED = Pattern.compile("^(jdbc:(?:mysql|mariadb)):(?:replication|loadbalance|sequential)://([^/?]+)(.*)$");
    /** pgjdbc's host-selection parameters: with them a multi-host URL is the driver's to route. */
    private static final Pattern PG_ROUTING = Pattern.compile("[?&](?:targetServerType|loadBalanceHosts)=[^&]*", Pattern.CASE_INSENSITIVE);

    private final List<String> urls;

    private FrontEnds(List<String> urls) {
        this.urls = List.copyOf(urls);
    }

    /** One URL per host of {@code conn} (a comma list of hosts in the authority), or conn itself. */
    public static FrontEnds ofConn(String conn) {
        Matcher m = MULTI.matcher(conn);
        if (!m.matches() || !m.group(2).contains(",") || PG_ROUTING.matcher(m.group(3)).find()) return new FrontEnds(List.of(conn));
        List<String> urls = new ArrayList<>();
        for (String host : m.group(2).split(",")) {
            if (host.isBlank()) throw new ConfigException("conn '" + conn + "' has an empty host in its host list; write h1:port,h2:port");
            urls.add(m.group(1) + host.trim() + m.group(3));
        }
        return new FrontEnds(urls);
    }

    /** One URL per entry of the host key (a comma list of HOST or HOST:PORT; port falls back to {@code port}). */
    public static FrontEnds ofHosts(Dialect dialect, String hosts, int port, String database) {
        List<String> urls = new ArrayList<>();
        for (String entry : hosts.split(",")) {
            String h = entry.trim();
            if (h.isEmpty()) throw new ConfigException("host '" + hosts + "' has an empty entry; write h1,h2 or h1:port,h2:port");
            int colon = h.lastIndexOf(':');
            int p = port;
            if (colon > 0 && h.indexOf(':') == colon) {
                try {
                    p = Integer.parseInt(h.substring(colon + 1));
                } catch (NumberFormatException e) {
                    throw new ConfigException("host entry '" + h + "' has a bad port; write HOST or HOST:PORT");
                }
                h = h.substring(0, colon);
            }
            urls.add(dialect.jdbcUrl(h, p, database));
        }
        return new FrontEnds(urls);
    }

    public List<String> urls() {
        return urls;
    }

    /** The URLs as result files and the console may show them: a password in a URL replaced by ***. */
    public List<String> shownUrls() {
        return urls.stream().map(org.oltpbench.dialect.JdbcDriver::redact).toList();
    }

    /**
     * Every host behind the front ends, each as a plain URL of its own: a replication URL's primary and replicas, a
     * pgjdbc URL's hosts without its routing parameters; a plain front end as it is. For reading each server (lag).
     */
    public List<String> hosts() {
        List<String> out = new ArrayList<>();
        for (String u : urls) out.addAll(hostsOf(u));
        return out;
    }

    private static List<String> hostsOf(String u) {
        List<String> out = new ArrayList<>();
        Matcher routed = ROUTED.matcher(u), multi = MULTI.matcher(u);
        if (routed.matches()) {
            for (String h : routed.group(2).split(",")) out.add(routed.group(1) + "://" + h.trim() + routed.group(3));
        } else if (multi.matches() && multi.group(2).contains(",")) {
            String rest = PG_ROUTING.matcher(multi.group(3)).replaceAll("");
            if (!rest.contains("?") && rest.contains("&")) rest = rest.replaceFirst("&", "?");
            for (String h : multi.group(2).split(",")) out.add(multi.group(1) + h.trim() + rest);
        } else {
            out.add(u);
        }
        return out;
    }

    /**
     * The server front end {@code index} reaches, as {@link #serverKey} names it; null when its URL names several
     * hosts and the driver picks among them.
     */
    public String serverOf(int index) {
        List<String> h = hostsOf(urls.get(index));
        return h.size() == 1 && h.get(0).equals(urls.get(index)) ? serverKey(urls.get(index)) : null;
    }

    /**
     * A server as one key whatever name reaches it: its host's address (every loopback address one) and its port, so
     * that {@code localhost:5433} and {@code 127.0.0.1:5433} are one server, and a URL without a port names its driver's
     * default (PostgreSQL's 5432, the MySQL protocol's 3306); a name that does not resolve stays a name.
     * Resolves the name: called once per front end, never on the transaction path.
     */
    public static String serverKey(String url) {
        // a URL without a port reaches the driver's default, as the driver connects it
        java.net.InetSocketAddress a = address(authority(url), url.startsWith("jdbc:postgresql:") ? 5432 : 3306);
        if (a.isUnresolved()) return authority(url).toLowerCase(java.util.Locale.ROOT);
        return (a.getAddress().isLoopbackAddress() ? "loopback" : a.getAddress().getHostAddress()) + ":" + a.getPort();
    }

    public int size() {
        return urls.size();
    }

    /** The front end (index into {@link #urls}) thread {@code thread} uses: the one round-robin rule. */
    public int indexFor(int thread) {
        return thread % urls.size();
    }

    /** How many of a level's {@code threads} use front end {@code index}. */
    public int threadsOn(int index, int threads) {
        return threads / urls.size() + (index < threads % urls.size() ? 1 : 0);
    }

    /** Threads per front end ("host:port") for a level of {@code threads}. */
    public Map<String, Integer> spread(int threads) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (int i = 0; i < urls.size(); i++) out.merge(authority(urls.get(i)), threadsOn(i, threads), Integer::sum);
        return out;
    }

    /**
     * Each front end's address (resolved now; unresolved when the name does not resolve), for finding a server on
     * this host by its port; {@code defaultPort} stands in where a URL names none.
     */
    public List<java.net.InetSocketAddress> addresses(int defaultPort) {
        List<java.net.InetSocketAddress> out = new java.util.ArrayList<>();
        for (String u : urls) out.add(address(authority(u), defaultPort));
        return out;
    }

    /** The first host of {@code authority} (host:port, or host alone for {@code defaultPort}), resolved now. */
    private static java.net.InetSocketAddress address(String authority, int defaultPort) {
        String[] hp = hostAndPort(authority);
        return new java.net.InetSocketAddress(hp[0], hp[1] != null ? Integer.parseInt(hp[1]) : defaultPort);
    }

    /** The first host named in a JDBC URL (no user, port or brackets); null when the URL names none. */
    public static String host(String url) {
        if (url == null || !(MULTI.matcher(url).matches() || ROUTED.matcher(url).matches())) return null;
        String host = hostAndPort(authority(url))[0];
        return host.isEmpty() ? null : host;
    }

    /** {host, port or null} of the first of {@code authority}'s hosts (a user before '@' left out, IPv6 unbracketed). */
    private static String[] hostAndPort(String authority) {
        String a = authority.contains(",") ? authority.substring(0, authority.indexOf(',')) : authority;
        a = a.substring(a.lastIndexOf('@') + 1);
        int colon = a.lastIndexOf(':');
        boolean hasPort = colon > 0 && a.indexOf(']') < colon && a.substring(colon + 1).matches("\\d+");
        String host = hasPort ? a.substring(0, colon) : a;
        if (host.startsWith("[") && host.endsWith("]")) host = host.substring(1, host.length() - 1);
        return new String[] {host, hasPort ? a.substring(colon + 1) : null};
    }

    /** The host:port part of a URL. */
    public static String authority(String url) {
        Matcher m = MULTI.matcher(url), r = ROUTED.matcher(url);
        return m.matches() ? m.group(2) : r.matches() ? r.group(2) : url;
    }
}
