package org.oltpbench.dialect;

import java.util.function.Predicate;

/**
 * What tells the engines apart, as data: each dialect's {@code db=} name, its family's protocol, the driver its URLs
 * use, its server's default port, and how a server says it is that engine ({@link Dialects#engineOf} asks them in its
 * detection order). The rest of a dialect is its family's code and its own overrides.
 */
abstract class NamedDialect implements Dialect {
    private final String name;
    private final Protocol protocol;
    private final JdbcDriver driver;
    private final int defaultPort;
    private final Predicate<ServerIdentity> recognises;

    NamedDialect(String name, Protocol protocol, JdbcDriver driver, int defaultPort, Predicate<ServerIdentity> recognises) {
        this.name = name;
        this.protocol = protocol;
        this.driver = driver;
        this.defaultPort = defaultPort;
        this.recognises = recognises;
    }

    @Override
    public final Protocol protocol() {
        return protocol;
    }

    @Override
    public JdbcDriver driver() {
        return driver;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int defaultPort() {
        return defaultPort;
    }

    /** What a connect failure means by the rules every engine shares, for a family's own rules to fall back on. */
    final ConnectProblem anyEngine(java.sql.SQLException e) {
        return Dialect.super.connectProblem(e);
    }

    @Override
    public final boolean recognises(ServerIdentity server) {
        return recognises.test(server);
    }
}
