package org.oltpbench.dialect;

import java.util.Set;

/** OceanBase 4.x in MySQL mode (directly, or through ODP/obproxy on 2883). */
public class OceanBaseDialect extends MySqlDialect {
    @Override
    public String name() {
        return "oceanbase";
    }

    @Override
    public int defaultPort() {
        return 2881;
    }

    /** Adds 6002 transaction rolled back, 6210 transaction timeout, 4012 statement timeout, 4038/6005 lock conflicts. */
    @Override
    public Set<Integer> retryableCodes() {
        return Set.of(1213, 1205, 1020, 6002, 6210, 4012, 4038, 6005);
    }
}
