package org.oltpbench.tune;

import java.io.PrintStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oltpbench.util.Text;

/**
 * Applies a tuning profile and remembers every old value so {@link #restore} can put it back. Each change is
 * printed as {@code name: old → new}; settings the server lacks or refuses are reported and skipped, never fatal.
 */
public final class Tuner {
    /** A setting this tuner changed, with the value it had. */
    public record Change(String name, String oldValue, String newValue) {
    }

    private final PrintStream out;
    /** A setting written, with the value to put back. */
    private record Applied(Setting setting, String oldValue) {
    }

    private final List<Applied> applied = new ArrayList<>();
    private final Map<String, String> skipped = new LinkedHashMap<>();
    private boolean restored;

    public Tuner(PrintStream out) {
        this.out = out;
    }

    /** Applies each setting of {@code profile} that the server has and accepts. */
    public void apply(ServerSettings server, List<Setting> profile) {
        if (!profile.isEmpty()) {
            out.println("tune: tune=true changes " + profile.size() + " of the server's global settings for the run ("
                    + String.join(", ", profile.stream().map(Setting::name).toList()) + ") and restores each when the "
                    + "job ends; a second Ctrl-C or SIGKILL leaves them changed");
        }
        for (Setting s : profile) {
            String old;
            try {
                old = server.read(s);
            } catch (SQLException e) {
                skip(s, "cannot be read: " + Text.firstLine(e.getMessage()));
                continue;
            }
            if (old == null) {
                skip(s, "not on this server");
            } else if (old.equalsIgnoreCase(s.value()) || (s.raiseOnly() && atLeast(old, s.value()))) {
                out.println("tune: " + s.name() + ": " + old + " (kept)");
            } else {
                try {
                    server.write(s, s.value());
                    applied.add(new Applied(s, old));
                    out.println("tune: " + s.name() + ": " + old + " → " + s.value());
                } catch (SQLException e) {
                    skip(s, "refused (" + e.getErrorCode() + ": " + Text.firstLine(e.getMessage()) + ")");
                }
            }
        }
    }

    /** Puts every changed setting back to its old value, newest first; failures are reported, the rest still restored. */
    public void restore(ServerSettings server) {
        if (restored) return;
        restored = true;
        for (int i = applied.size() - 1; i >= 0; i--) {
            Applied a = applied.get(i);
            try {
                server.write(a.setting(), a.oldValue());
                out.println("tune: " + a.setting().name() + ": restored " + a.oldValue());
            } catch (SQLException e) {
                out.println("tune: " + a.setting().name() + ": could NOT be restored to " + a.oldValue() + " ("
                        + Text.firstLine(e.getMessage()) + "); set it back by hand");
            }
        }
    }

    /** What {@link #apply} changed (kept after restore, for the result file). */
    public List<Change> changes() {
        return applied.stream().map(a -> new Change(a.setting().name(), a.oldValue(), a.setting().value())).toList();
    }

    /** Settings not applied, with the reason. */
    public Map<String, String> skipped() {
        return Collections.unmodifiableMap(skipped);
    }

    private void skip(Setting s, String why) {
        skipped.put(s.name(), why);
        out.println("tune: " + s.name() + ": " + why + ", skipped");
    }

    private static boolean atLeast(String old, String wanted) {
        try {
            return Double.parseDouble(old) >= Double.parseDouble(wanted);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
