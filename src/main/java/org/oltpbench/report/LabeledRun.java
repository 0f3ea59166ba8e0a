package org.oltpbench.report;

import java.nio.file.Path;
import org.oltpbench.result.run.RunResult;

/**
 * A run as comparisons show it: the user's label (or a default), where it came from, and the run.
 *
 * @param label  the short name in table headers and ratio rows ("OB 4C8G")
 * @param source the result directory it was read from
 */
public record LabeledRun(String label, Path source, RunResult run) {

    /** The legend entry: label, engine and server version, so every line names what it measured. */
    public String legend() {
        return label + " (" + engine(run) + ")";
    }

    /** "mariadb 11.4.5-MariaDB": the dialect and the server's own version string. */
    public static String engine(RunResult run) {
        return run.server().dialect() + " " + run.server().version();
    }

    /** "2026-11-23 13:13:06 UTC" from an ISO-8601 instant; the text as it is when it is not one. */
    public static String when(String iso) {
        try {
            return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
                    .format(java.time.Instant.parse(iso).atZone(java.time.ZoneOffset.UTC));
        } catch (RuntimeException e) {
            return iso;
        }
    }
}
