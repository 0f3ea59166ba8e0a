package org.oltpbench.config;

/** Bad input: the message is one line naming the key or cause and the fix. Maps to exit code 2. */
public class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
