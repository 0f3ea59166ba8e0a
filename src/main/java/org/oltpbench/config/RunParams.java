package org.oltpbench.config;

import java.time.ZonedDateTime;

/**
 * A job's parameters, resolved once from the props file and --set: an immutable tree whose parts go to the layers
 * that use them (the target to {@code db/}, the sweep to {@code driver/}, the workload's record to its workload).
 * Every check that spans several keys runs while it is built ({@link Resolver}); a part never sees {@link Config}.
 */
public record RunParams(Target target, SweepParams sweep, LoadParams load, OutputParams output, WorkloadParams workload) {

    /**
     * Loads and resolves a job: the props file (or none), then --set values in order, then the environment's
     * OLTPBENCH_PASSWORD and JOB_COMPLETION_INDEX as {@link ConfigLoader} reads them; %t conversions take now.
     */
    public static RunParams load(java.nio.file.Path props, java.util.List<String> sets, java.util.Map<String, String> env) {
        return of(ConfigLoader.load(props, sets, env), ZonedDateTime.now());
    }

    /** The parameters of a job a schema 2.x result.json recorded as a key-to-value map (its {@code config}). */
    public static RunParams recorded(java.util.Map<String, Object> config) {
        return of(ConfigLoader.recorded(config), ZonedDateTime.now());
    }

    /** Resolves {@code cfg}, with resultDirectory's %t conversions taken from {@code started}. */
    public static RunParams of(Config cfg, ZonedDateTime started) {
        return new Resolver(cfg).resolve(started);
    }

    /** This client's share of the job. */
    public ClientShare share() {
        return sweep.share();
    }

    /** These parameters as result files record them: no password anywhere. */
    /** These parameters with another result directory. */
    public RunParams withResultDirectory(String dir) {
        return new RunParams(target, sweep, load, new OutputParams(dir, output.percentile(), output.monitor(),
                output.peerSummary()), workload);
    }

    public RunParams redacted() {
        return new RunParams(target.redacted(), sweep, load, output, workload);
    }
}
