package org.oltpbench.dialect;

/**
 * The stored-routine language of an engine, as a benchmark creates, calls, versions and drops its routines. A
 * routine is called as one statement that returns one row of one integer, and runs its transaction on the server:
 * a MySQL procedure commits itself (called with autocommit on), a PostgreSQL function is one autocommitted statement.
 */
public enum ProcedureLanguage {
    /** MySQL's stored procedures (MySQL, MariaDB, OceanBase's MySQL mode): {@code CALL p(...)}. */
    MYSQL("mysql", "CALL ", "DROP PROCEDURE IF EXISTS ", "CREATE PROCEDURE %s() SELECT '%s'", "DROP PROCEDURE IF EXISTS "),
    /** PL/pgSQL functions (PostgreSQL, Klustron): {@code SELECT f(...)}. */
    PLPGSQL("postgres", "SELECT ", "DROP ROUTINE IF EXISTS ",
            "CREATE FUNCTION %s() RETURNS text LANGUAGE sql IMMUTABLE AS $v$ SELECT '%s'::text $v$", "DROP FUNCTION IF EXISTS "),
    /** No stored routines (TiDB): tpccMode=procedures is refused. */
    NONE("", "", "", "", "");

    private final String file, call, dropRoutine, versionFunction, dropFunction;

    ProcedureLanguage(String file, String call, String dropRoutine, String versionFunction, String dropFunction) {
        this.file = file;
        this.call = call;
        this.dropRoutine = dropRoutine;
        this.versionFunction = versionFunction;
        this.dropFunction = dropFunction;
    }

    /**
     * Whether a routine ends its transaction with its own COMMIT (MySQL: Com_commit counts it) rather than being one
     * autocommitted statement (PostgreSQL: xact_commit counts it).
     */
    public boolean commitsItself() {
        return this == MYSQL;
    }

    /** The resource base name of a benchmark's routines in this language ({@code mysql}, {@code postgres}). */
    public String file() {
        return file;
    }

    /** The statement that calls {@code routine} with {@code params} parameters: {@code CALL r(?, ?)} or {@code SELECT r(?, ?)}. */
    public String call(String routine, int params) {
        return call + routine + "(" + "?, ".repeat(Math.max(0, params - 1)) + (params > 0 ? "?" : "") + ")";
    }

    /**
     * Drops routine {@code name} if it exists (a PostgreSQL name must be unique among the schema's functions and
     * procedures: DROP ROUTINE takes either, as HammerDB creates its routines as either).
     */
    public String drop(String name) {
        return dropRoutine + name;
    }

    /**
     * Creates routine {@code name} returning {@code version} as one row: the installed routines' version, read by calling
     * it. MySQL's is a procedure: creating a stored function under binary logging (MySQL 8's default) needs SUPER or
     * log_bin_trust_function_creators, which a user with every right on its own database lacks.
     */
    public String versionFunction(String name, String version) {
        return String.format(versionFunction, name, version);
    }

    /** Drops the version routine {@code name} if it exists. */
    public String dropVersionFunction(String name) {
        return dropFunction + name;
    }
}
