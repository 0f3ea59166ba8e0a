package org.oltpbench.result.file;

/** Result files that cannot be merged (different workloads, levels or measuring times); the message says which. */
public final class MergeRefused extends RuntimeException {
    public MergeRefused(String message) {
        super(message);
    }
}
