package org.oltpbench.driver;

import java.util.concurrent.atomic.AtomicLong;

/** How many transactions may still start. Unlimited is a null object with no shared state. */
interface Budget {
    boolean take();

    Budget UNLIMITED = () -> true;

    static Budget of(long events) {
        if (events <= 0) return UNLIMITED;
        AtomicLong left = new AtomicLong(events);
        return () -> left.getAndDecrement() > 0;
    }
}
