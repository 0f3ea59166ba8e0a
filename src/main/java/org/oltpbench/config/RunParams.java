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

    /**
     * These parameters for the engine read from the server (db=auto or pgsql): the target's db is {@code engine}'s
     * dialect name, marked detected, and ${db} in the result directory is filled with it, so that every later use
     * (labels, directory names, the dialect's rules) is the engine found.
     */
    public RunParams withEngine(String engine) {
        return new RunParams(target.detectedAs(engine), sweep, load,
                output.withResultDirectory(withDb(output.resultDirectory(), engine)), workload);
    }

    /** Whether the engine is still to be read from the server (db=auto or pgsql, not embedded). */
    public boolean engineUndecided() {
        return Resolver.undecided(target.db());
    }

    /** {@code resultDirectory} with ${db} filled. */
    static String withDb(String resultDirectory, String db) {
        return resultDirectory.replace("${db}", db);
    }

    /** These parameters with another result directory. */
    public RunParams withResultDirectory(String dir) {
        return new RunParams(target, sweep, load, output.withResultDirectory(dir), workload);
    }

    /** These parameters as result files record them: no password anywhere. */
    public RunParams redacted() {
        return new RunParams(target.redacted(), sweep, load, output, workload);
    }
}
