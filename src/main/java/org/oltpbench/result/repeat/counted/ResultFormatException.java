package org.oltpbench.result.repeat.counted;

/** A result file that cannot be read: wrong schema version, damaged or not a result file. One line, no trace. */
public final class ResultFormatException extends RuntimeException {
    public ResultFormatException(String message) {
        super(message);
    }
}
