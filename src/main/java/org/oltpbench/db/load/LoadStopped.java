package org.oltpbench.db.load;

/**
 * A load that a stop ended between batches. Thrown where a loader saw the stop; the workload that knows its units
 * (TPC-C's warehouses, sysbench's tables) throws it again saying which are complete ({@link #kept}) and how to resume
 * ({@link #resume}). Nothing half-sent counts: a unit is complete only when its last rows are committed.
 */
public final class LoadStopped extends RuntimeException {
    /** How most loads resume: their prepare keeps the complete units and reloads the others. */
    static final String SAME_AGAIN = "run the same command again to resume: prepare keeps what is complete and reloads the rest";

    private final String kept, resume;

    public LoadStopped() {
        this("", SAME_AGAIN);
    }

    private LoadStopped(String kept, String resume) {
        super("load stopped", null, false, false);
        this.kept = kept;
        this.resume = resume;
    }

    /** The stop, saying what it kept ("kept warehouse(s) 1-2 and the items; incomplete: warehouse(s) 3-4"). */
    public static LoadStopped kept(String kept) {
        return new LoadStopped(kept, SAME_AGAIN);
    }

    /** The stop, saying what it kept and how to resume when a prepare again does not. */
    public static LoadStopped kept(String kept, String resume) {
        return new LoadStopped(kept, resume);
    }

    /** What the load kept; empty when no unit was told (a stop before any loading). */
    public String kept() {
        return kept;
    }

    /** The command that resumes it. */
    public String resume() {
        return resume;
    }
}
