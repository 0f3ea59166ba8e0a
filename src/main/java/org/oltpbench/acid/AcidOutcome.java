package org.oltpbench.acid;

/**
 * One test of TPC-C's clause 3 at one isolation level: what it found, in words a reader can check.
 *
 * @param clause   the specification's clause (3.2.2.1, 3.4.2.3, ...)
 * @param test     what the test exercises, e.g. "New-Order vs New-Order, T1 commits"
 * @param level    the isolation level the sessions ran at, as the user names it (read-committed, ...; server = the
 *                 engine's default); "-" for the tests one session runs
 * @param verdict  the outcome
 * @param evidence what each session saw and waited for: the rows and values that show the outcome
 */
public record AcidOutcome(String clause, String test, String level, Verdict verdict, String evidence) {
    /** How a test ended. A test that could not run says why in its evidence, and is never a pass. */
    public enum Verdict {
        /** T2 waited for T1's lock (the engine's lock view showed it, or by timing where it has none). */
        PASSED_BLOCKED("passed (blocked)"),
        /** T2 did not wait and saw the state committed before T1 (a snapshot: MVCC). */
        PASSED_SNAPSHOT("passed (saw the committed state before: MVCC)"),
        /** The engine aborted one of the conflicting transactions (first committer wins), leaving no anomaly. */
        PASSED_ABORTED("passed (the engine aborted T2)"),
        /** A single-session test (atomicity, consistency) found what it must. */
        PASSED("passed"),
        /** The phenomenon the test looks for happened; the evidence names it and the rows. */
        FAILED("FAILED"),
        /** The test could not run here (a statement or level the engine lacks): said, never passed. */
        NOT_RUN("not run"),
        /**
         * The test ran, but what it saw cannot be judged: a step held by what the lock view does not show, a session
         * failed otherwise than by the engine's abort, or a failure the server's store made (the dialect's
         * acidNoJudgement). Never a pass; counted and named apart from the tests not run.
         */
        NO_JUDGEMENT("no judgement");

        private final String words;

        Verdict(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }

        public boolean passed() {
            return this == PASSED_BLOCKED || this == PASSED_SNAPSHOT || this == PASSED_ABORTED || this == PASSED;
        }
    }
}
