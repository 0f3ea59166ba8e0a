package org.oltpbench;

/** A run that could not complete, from the Java API; the message is one line naming the cause. */
public final class OltpBenchException extends RuntimeException {
    public OltpBenchException(String message) {
        super(message);
    }

    public OltpBenchException(String message, Throwable cause) {
        super(message, cause);
    }
}
