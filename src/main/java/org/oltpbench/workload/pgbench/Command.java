package org.oltpbench.workload.pgbench;

/** One command of a pgbench script, in file order. */
public sealed interface Command permits Command.Set, Command.Sleep, Command.Sql {

    /** Where it starts (1-based) and its text as written, for messages and the per-command report (-r). */
    int line();

    String text();

    /** {@code \set name expression}: {@code slot} is the variable's. */
    record Set(int line, String text, Symbols.Symbol variable, Expr value) implements Command {
    }

    /** {@code \sleep N [us|ms|s]}: {@code micros} times the duration's value. */
    record Sleep(int line, String text, Expr duration, long micros) implements Command {
    }

    /** What an SQL command does to the transaction: nothing (a statement), begin it, or end it. */
    enum Control { NONE, BEGIN, END, ROLLBACK }

    /**
     * An SQL command: {@code sql} with a {@code ?} for each {@code :variable} pgbench substitutes, the variables in
     * parameter order; BEGIN, END and the like are {@link Control}s sent as text.
     */
    record Sql(int line, String text, String sql, Symbols.Symbol[] params, Control control) implements Command {
        /** Whether it reads rows (a SELECT or WITH), for the statement counts. */
        public boolean reads() {
            String s = sql.stripLeading().toUpperCase(java.util.Locale.ROOT);
            return s.startsWith("SELECT") || s.startsWith("WITH") || s.startsWith("VALUES") || s.startsWith("SHOW");
        }
    }
}
