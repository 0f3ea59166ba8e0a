package org.oltpbench.result.repeat.usage;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * What limited a level, with the figures that show it: the first of the rules judge/usage's VerdictRules states that
 * matched (the README states them too).
 *
 * @param limit    the rule that matched
 * @param evidence one line with its figures
 */
public record Verdict(Limit limit, String evidence) {
    public static final Verdict NOT_RECORDED = new Verdict(Limit.NOT_RECORDED, "resources were not recorded");

    /** The verdicts. */
    public enum Limit {
        @JsonProperty("client") CLIENT,
        @JsonProperty("stall") STALL,
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
