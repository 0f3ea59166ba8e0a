package org.oltpbench.workload.pgbench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.oltpbench.measure.ThreadStats;
import org.oltpbench.workload.Terminal;

/**
 * One pgbench client: each transaction is one script, drawn by weight, run command by command as pgbench does.
 * Statements are prepared once, when the terminal is made; {@code :variables} are bound as parameters. BEGIN, END and
 * the like (END in the dialect's word) are prepared too where the dialect prepares them (PostgreSQL: pgbench -M prepared
 * prepares every command; -M simple and extended send them as their mode sends every statement), else sent as text.
 * The transaction path allocates nothing of its own.
 */
final class PgbenchTerminal implements Terminal {
    private final Command[][] commands;
    /** Per script and command: its prepared statement, null for \set, \sleep and controls. */
    private final PreparedStatement[][] prepared;
    /** Per script and command: a control's text, null for the others. */
    private final String[][] controls;
    /** Per script and command: a control's prepared statement where the dialect prepares them, else null. */
    private final PreparedStatement[][] preparedControls;
    private final int[] cumulative;
    private final Vars vars;
    private final Statement control;
    private final CommandTimes times;
    private final String[] labels;
    /** Per script: the index of its first command among all the run's commands (the per-command tallies'). */
    private final int[] offsets;
    private int count;

    /**
     * @param endWord         the dialect's statement for a script's END (PostgreSQL's END, the MySQL family's COMMIT)
     * @param prepareControls whether BEGIN, END and the like are prepared statements (the dialect's choice)
     */
    PgbenchTerminal(Connection c, List<Script> scripts, Symbols symbols, String endWord, boolean prepareControls, Vars vars,
                    CommandTimes times) throws SQLException {
        int n = scripts.size();
        this.commands = new Command[n][];
        this.prepared = new PreparedStatement[n][];
        this.controls = new String[n][];
        this.preparedControls = new PreparedStatement[n][];
        this.cumulative = new int[n];
        this.labels = new String[n];
        this.offsets = new int[n];
        this.vars = vars;
        this.times = times;
        this.control = Terminal.textStatement(c);
        int sum = 0;
        for (int s = 0; s < n; s++) {
            Script script = scripts.get(s);
            labels[s] = script.label();
            offsets[s] = s == 0 ? 0 : offsets[s - 1] + commands[s - 1].length;
            commands[s] = script.commands().toArray(new Command[0]);
            prepared[s] = new PreparedStatement[commands[s].length];
            controls[s] = new String[commands[s].length];
            preparedControls[s] = new PreparedStatement[commands[s].length];
            for (int k = 0; k < commands[s].length; k++) {
                if (!(commands[s][k] instanceof Command.Sql sql)) continue;
                switch (sql.control()) {
                    case NONE -> {
                        prepared[s][k] = c.prepareStatement(sql.sql());
                        count++;
                    }
                    case END -> controls[s][k] = endWord;
                    default -> controls[s][k] = sql.sql();
                }
                if (controls[s][k] != null && prepareControls) {
                    preparedControls[s][k] = c.prepareStatement(controls[s][k]);
                    count++;
                }
            }
            sum += script.weight();
            cumulative[s] = sum;
        }
    }

    @Override
    public int next(ThreadStats stats) throws SQLException {
        int s = pick();
        Command[] cs = commands[s];
        boolean inTransaction = false;
        for (int k = 0; k < cs.length; k++) {
            long t0 = times.start();
            try {
                switch (cs[k]) {
                    case Command.Set set -> assign(set);
                    case Command.Sleep sleep -> sleep(sleep.duration().i(vars) * sleep.micros());
                    case Command.Sql sql -> {
                        if (sql.control() == Command.Control.NONE) {
                            execute(prepared[s][k], sql, stats);
                            if (!inTransaction) stats.autocommits(1);
                        } else {
                            PreparedStatement p = preparedControls[s][k];
                            if (p != null) p.execute();
                            else control.execute(controls[s][k]);
                            stats.other(1);
                            if (sql.control() == Command.Control.END) stats.commits(1);
                            inTransaction = sql.control() == Command.Control.BEGIN;
                        }
                    }
                }
            } catch (PgbenchError e) {
                throw e.asSql(labels[s] + " line " + cs[k].line());
            } catch (ArithmeticException e) {
                throw new PgbenchError("bigint out of range").asSql(labels[s] + " line " + cs[k].line());
            }
            times.end(stats, offsets[s] + k, t0);
        }
        return s;
    }

    private int pick() {
        if (cumulative.length == 1) return 0;
        long x = vars.random.random(0, cumulative[cumulative.length - 1] - 1);
        int i = 0;
        while (cumulative[i] <= x) i++;
        return i;
    }

    private void assign(Command.Set set) {
        int slot = set.variable().slot();
        if (set.variable().type() == Symbols.Type.INT) vars.ints[slot] = set.value().i(vars);
        else vars.doubles[slot] = set.value().d(vars);
    }

    private void execute(PreparedStatement ps, Command.Sql sql, ThreadStats stats) throws SQLException {
        Symbols.Symbol[] params = sql.params();
        for (int p = 0; p < params.length; p++) {
            Symbols.Symbol v = params[p];
            if (v.type() == Symbols.Type.INT) ps.setLong(p + 1, vars.ints[v.slot()]);
            else ps.setDouble(p + 1, PgDouble.asSent(vars.doubles[v.slot()])); // pgbench's %.15g
        }
        if (ps.execute()) {
            try (ResultSet rs = ps.getResultSet()) {
                while (rs.next()) {
                    // pgbench reads the rows and discards them
                }
            }
            stats.reads(1);
        } else {
            stats.dml(ps.getUpdateCount());
        }
    }

    /** pgbench's \sleep: the time is part of the transaction's latency. */
    private static void sleep(long micros) {
        long end = System.nanoTime() + micros * 1_000;
        for (long left = micros * 1_000; left > 0; left = end - System.nanoTime()) LockSupport.parkNanos(left);
    }

    @Override
    public void rollbackQuietly() {
        Terminal.rollbackQuietly(control);
    }

    @Override
    public int preparedStatements() {
        return count;
    }

    @Override
    public void close() {
        for (PreparedStatement[] row : prepared) {
            for (PreparedStatement ps : row) Terminal.closeQuietly(ps);
        }
        for (PreparedStatement[] row : preparedControls) {
            for (PreparedStatement ps : row) Terminal.closeQuietly(ps);
        }
        Terminal.closeQuietly(control);
    }
}
