package org.oltpbench.config;

import java.util.List;

/**
 * pgbench's workload (workload=pgbench).
 *
 * @param scripts         the scripts a transaction is drawn from, each a built-in's name (tpcb-like, simple-update,
 *                        select-only, or a prefix) or a file's path, with {@code @W} its weight (1 when absent)
 * @param scale           pgbench's -s: prepare loads 100,000 accounts, 10 tellers and 1 branch per unit; the built-in
 *                        scripts read the loaded scale from pgbench_branches, custom scripts see this value as :scale
 * @param fillFactor      pgbench's -F, of the accounts, tellers and branches (PostgreSQL; the MySQL family has none)
 * @param partitionMethod range (pgbench's default) or hash, for pgbench_accounts when partitions > 0
 * @param perCommand      pgbench's -r: time every command of every script
 * @param vacuum          before a run: default (branches, tellers, and history emptied), none (-n) or all (-v)
 * @param queryMode       pgbench's -M as given ("" when absent), recorded; it set dbPsMode (Resolver), and the summary shows the protocol that ran
 * @param jobs            pgbench's -j as given, for the summary
 */
public record PgbenchParams(List<String> scripts, int scale, int fillFactor, String partitionMethod, boolean perCommand,
                            String vacuum, String queryMode, int jobs, long randSeed) implements WorkloadParams {
    @Override
    public String name() {
        return "pgbench";
    }
}
