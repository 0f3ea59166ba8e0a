package org.oltpbench.workload.pgbench;

import org.oltpbench.config.ConfigException;

/** A script pgbench's syntax (or oltpbench's subset of it) does not allow: one line naming the file, line and fix. */
public final class ScriptException extends ConfigException {
    public ScriptException(String message) {
        super(message);
    }
}
