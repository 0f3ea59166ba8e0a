package org.oltpbench.workload.pgbench;

import java.util.List;

/**
 * A parsed pgbench script: its name as pgbench reports it ({@code <builtin: TPC-B (sort of)>} or the file's path), its
 * weight among the run's scripts, and its commands. One script is one transaction type of the run.
 */
public record Script(String name, String label, int weight, List<Command> commands) {
    /** The SQL commands, in order. */
    public List<Command.Sql> statements() {
        return commands.stream().filter(c -> c instanceof Command.Sql).map(c -> (Command.Sql) c).toList();
    }
}
