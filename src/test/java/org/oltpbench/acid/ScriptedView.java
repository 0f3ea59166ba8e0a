package org.oltpbench.acid;

import java.util.function.BiFunction;
import java.util.function.IntSupplier;
import java.util.function.LongPredicate;

/**
 * A lock view the acid tests script: who waits, who holds a wait and how many other sessions it lists are the test's
 * functions; its name is fixed and closing it does nothing.
 */
final class ScriptedView implements LockWatch {
    private final LongPredicate waiting;
    private final BiFunction<Long, Long, Boolean> heldBy;
    private final IntSupplier others;
    private final String name;

    private ScriptedView(LongPredicate waiting, BiFunction<Long, Long, Boolean> heldBy, IntSupplier others, String name) {
        this.waiting = waiting;
        this.heldBy = heldBy;
        this.others = others;
        this.name = name;
    }

    /** A view that shows the sessions {@code waiting} accepts waiting, names no holder and lists no other session. */
    static ScriptedView waiting(LongPredicate waiting) {
        return new ScriptedView(waiting, (w, h) -> null, () -> 0, "a scripted lock view");
    }

    /** This view, naming holders as {@code heldBy} says (TRUE, FALSE or null, as {@link LockWatch#heldBy}). */
    ScriptedView holders(BiFunction<Long, Long, Boolean> heldBy) {
        return new ScriptedView(waiting, heldBy, others, "a scripted lock view that names holders");
    }

    /** This view, listing as many other sessions as {@code others} gives at each look. */
    ScriptedView others(IntSupplier others) {
        return new ScriptedView(waiting, heldBy, others, name);
    }

    @Override
    public boolean waiting(long id) {
        return waiting.test(id);
    }

    @Override
    public Boolean heldBy(long waiter, long holder) {
        return heldBy.apply(waiter, holder);
    }

    @Override
    public int others() {
        return others.getAsInt();
    }

    @Override
    public String view() {
        return name;
    }

    @Override
    public void close() {
    }
}
