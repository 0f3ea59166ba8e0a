package org.oltpbench.dialect;

/**
 * What a run asks of the server's limits at its largest thread level.
 *
 * @param connections            connections open at once on one server (front end), setup connection included
 * @param statementsPerConnection statements each connection keeps prepared
 * @param serverPrepared         whether those are server-side prepared statements
 */
public record Demand(int connections, int statementsPerConnection, boolean serverPrepared) {

    /** Server-side statements held at once over all connections. */
    public long preparedStatements() {
        return serverPrepared ? (long) connections * statementsPerConnection : 0;
    }
}
