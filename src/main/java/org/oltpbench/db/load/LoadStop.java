package org.oltpbench.db.load;

/**
 * What a load asks between its batches: whether a signal (Ctrl-C, SIGTERM) asked it to stop. The command line's
 * {@code StopSignal}, the object that stops a run, is one: a load and a run stop by the same rule. {@link #NEVER} is a
 * load nothing stops.
 */
public interface LoadStop {
    LoadStop NEVER = () -> false;

    boolean stopping();

    /** Throws {@link LoadStopped} once stopping: a long step calls it between its parts. */
    default void check() {
        if (stopping()) throw new LoadStopped();
    }
}
