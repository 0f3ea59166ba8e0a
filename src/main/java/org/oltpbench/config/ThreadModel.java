package org.oltpbench.config;

/** What runs each terminal of a level (key threadModel). */
public enum ThreadModel {
    AUTO, PLATFORM, VIRTUAL;

    /** From this many threads, AUTO runs terminals on virtual threads. */
    public static final int VIRTUAL_FROM = 512;

    /**
     * The model a level of {@code threads} runs on: never AUTO. Platform threads by the thousand on few cores starve
     * the reporter (measured: 5,000 on 2 cores took minutes to read the counters), and cost a stack each.
     */
    public ThreadModel at(int threads) {
        if (this != AUTO) return this;
        return threads >= VIRTUAL_FROM ? VIRTUAL : PLATFORM;
    }
}
