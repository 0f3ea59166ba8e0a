package org.oltpbench.dialect;

/**
 * What dbPsMode=auto chose for one workload on one engine: server-side prepared statements, as on every engine, unless
 * the engine caps a session's server-side statements below what each connection of the workload prepares.
 *
 * @param serverPrepared whether benchmark statements are server-side prepared
 * @param note           one line saying why the choice differs from the other engines' and how to compare on equal
 *                       terms; empty when it does not differ
 */
public record AutoProtocol(boolean serverPrepared, String note) {
    /** The choice on every engine without a cap, and on a capped one when the workload fits under the cap. */
    public static final AutoProtocol SERVER_PREPARED = new AutoProtocol(true, "");
}
