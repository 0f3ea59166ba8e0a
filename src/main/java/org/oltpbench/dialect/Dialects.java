package org.oltpbench.dialect;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/** The explicit map from {@code db=} names to dialects: no reflection, no registry files. */
public final class Dialects {
    private static final Map<String, Supplier<Dialect>> FACTORIES = Map.of(
            "mysql", MySqlDialect::new,
            "mariadb", MariaDbDialect::new,
            "oceanbase", OceanBaseDialect::new,
            "tidb", TiDbDialect::new,
            "klustron", KlustronDialect::new,
            "postgres", PostgresDialect::new);

    /**
     * The order in which detection asks the dialects whether a server is theirs: within each protocol the more specific
     * engine first, the family's base (mysql, postgres) last, since it takes any server of its protocol.
     */
    private static final List<String> DETECTION = List.of("tidb", "oceanbase", "mariadb", "mysql", "klustron", "postgres");

    private Dialects() {
    }

    /** The dialect for a validated {@code db} value. */
    public static Dialect forName(String db) {
        Supplier<Dialect> f = FACTORIES.get(db);
        if (f == null) throw new IllegalArgumentException("no dialect " + db);
        return f.get();
    }

    /** The dialect whose engine {@code server}, reached on {@code protocol}, is: the first that recognises it. */
    public static Dialect engineOf(ServerIdentity server, Protocol protocol) {
        return family(protocol).stream().filter(d -> d.recognises(server)).findFirst().orElse(protocol.base());
    }

    /**
     * The one engine the servers behind every front end are ({@code servers}: each front end's address, for messages,
     * to what its server says), on {@code protocol}. Front ends of different engines are refused in one line: one
     * dialect's rules (retry codes, session settings, terms) apply to every connection of a run.
     */
    public static Dialect engineOf(java.util.Map<String, ServerIdentity> servers, Protocol protocol) {
        java.util.Map<String, Dialect> engines = new java.util.LinkedHashMap<>();
        servers.forEach((where, server) -> engines.put(where, engineOf(server, protocol)));
        if (engines.values().stream().map(Dialect::name).distinct().count() > 1) {
            throw new org.oltpbench.config.ConfigException("the front ends are different engines ("
                    + engines.entrySet().stream().map(e -> e.getKey() + " is " + e.getValue().name())
                            .collect(java.util.stream.Collectors.joining(", "))
                    + "); list the front ends of one engine in host or conn");
        }
        return engines.values().iterator().next();
    }

    /** The marker variables the dialects of {@code protocol} recognise their servers by, for its identity query. */
    static List<String> markers(Protocol protocol) {
        return family(protocol).stream().map(Dialect::markerVariable).filter(Objects::nonNull).toList();
    }

    private static List<Dialect> family(Protocol protocol) {
        return DETECTION.stream().map(Dialects::forName).filter(d -> d.protocol() == protocol).toList();
    }
}
