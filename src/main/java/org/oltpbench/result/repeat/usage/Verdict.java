package org.oltpbench.result.repeat.usage;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Locale;

/**
 * What limited a level, with the figures that show it: the first of the rules judge/usage's VerdictRules states that
 * matched (the README states them too).
 *
 * @param limit    the rule that matched
 * @param evidence one line with its figures, and the caveats
 * @param caveats  what else held the level that makes it not a clean measurement, said on the evidence's line beside
 *                 the limit (other processes that held the host beside a wait verdict; issue 58 §1; schema 3.16); empty
 *                 when none, and in older files
 */
public record Verdict(Limit limit, String evidence,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Limit> caveats) {
    public static final Verdict NOT_RECORDED = new Verdict(Limit.NOT_RECORDED, "resources were not recorded");

    public Verdict {
        caveats = caveats == null ? List.of() : List.copyOf(caveats);
    }

    /** Without caveats. */
    public Verdict(Limit limit, String evidence) {
        this(limit, evidence, List.of());
    }

    /**
     * The limit that makes the level not a clean measurement, its own or a caveat's: other processes, a shared host,
     * a starved client; null when none did.
     */
    public Limit unclean() {
        if (limit == Limit.OTHERS || limit == Limit.HOST || limit == Limit.STARVED) return limit;
        return caveats.isEmpty() ? null : caveats.get(0);
    }

    /** The limit as a headline names it: "locks", or "locks (not a clean measurement: other processes)". */
    public String headline() {
        Limit dirty = unclean();
        return dirty == null || dirty == limit ? limit.toString() : limit + " (not a clean measurement: " + dirty + ")";
    }

    /** Whether the verdict's own evidence is the level's stall (a stall, or the fault plan's), so no line repeats it. */
    public boolean isTheStall() {
        return limit == Limit.STALL || limit == Limit.FAULT;
    }

    /** The verdicts. */
    public enum Limit {
        @JsonProperty("client") CLIENT,
        @JsonProperty("stall") STALL,
        /** The level stalled from the fault plan's command on: the fault held throughput up (schema 3.18). */
        @JsonProperty("fault") FAULT,
        @JsonProperty("server") SERVER,
        @JsonProperty("other processes") OTHERS,
        @JsonProperty("client starved") STARVED,
        @JsonProperty("shared host") HOST,
        @JsonProperty("connections") CONNECTIONS,
        @JsonProperty("contention") CONTENTION,
        @JsonProperty("locks") LOCKS,
        @JsonProperty("commit") COMMIT,
        @JsonProperty("data reads") READS,
        @JsonProperty("latches") LATCHES,
        @JsonProperty("other nodes") NODES,
        @JsonProperty("pacing") PACING,
        @JsonProperty("arrival rate") ARRIVAL_RATE,
        @JsonProperty("none") NONE,
        @JsonProperty("unknown") UNKNOWN,
        @JsonProperty("not recorded") NOT_RECORDED;

        @Override
        public String toString() {
            return switch (this) {
                case STARVED -> "client starved";
                case READS -> "data reads";
                case NODES -> "other nodes";
                default -> name().toLowerCase(Locale.ROOT).replace('_', ' ');
            };
        }
    }
}
