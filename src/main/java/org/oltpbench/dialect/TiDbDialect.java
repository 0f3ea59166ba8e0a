package org.oltpbench.dialect;

import java.util.Set;

/** TiDB: MySQL protocol on 4000, optimistic/pessimistic write conflicts are retryable. */
public class TiDbDialect extends MySqlDialect {
    @Override
    public String name() {
        return "tidb";
    }

    @Override
    public int defaultPort() {
        return 4000;
    }

    /** Adds 8002 (SELECT FOR UPDATE conflict), 8022 (retry failed), 8028 (schema changed), 9007 (write conflict). */
    @Override
    public Set<Integer> retryableCodes() {
        return Set.of(1213, 1205, 1020, 8002, 8022, 8028, 9007);
    }
}
