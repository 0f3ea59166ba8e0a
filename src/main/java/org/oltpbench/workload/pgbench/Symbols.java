package org.oltpbench.workload.pgbench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The variables of a workload's scripts, each with a slot and one type. pgbench's are typed as they are assigned; here
 * a name keeps the type of its first assignment, and a script that gives it another is refused when parsed, so that
 * every expression's type is known before the run and evaluation never boxes a value.
 */
public final class Symbols {
    /** What a variable or an expression holds. */
    public enum Type { INT, DOUBLE }

    public record Symbol(String name, int slot, Type type) {
    }

    /** The variables pgbench defines for every script. */
    public static final String SCALE = "scale", CLIENT_ID = "client_id", RANDOM_SEED = "random_seed",
            DEFAULT_SEED = "default_seed";

    private final Map<String, Symbol> byName = new LinkedHashMap<>();

    public Symbols() {
        for (String predefined : new String[] {SCALE, CLIENT_ID, RANDOM_SEED, DEFAULT_SEED}) assign(predefined, Type.INT, "");
    }

    /** The variable {@code name}, or null when no script assigns it. */
    public Symbol get(String name) {
        return byName.get(name);
    }

    /** Declares (or finds) {@code name} with {@code type}; {@code where} names the assignment for the refusal. */
    public Symbol assign(String name, Type type, String where) {
        Symbol s = byName.get(name);
        if (s == null) {
            s = new Symbol(name, byName.size(), type);
            byName.put(name, s);
        } else if (s.type() != type) {
            throw new ScriptException(where + ": :" + name + " was " + article(s.type()) + " and is set to "
                    + article(type) + " here; oltpbench gives a variable one type: wrap the value in "
                    + (s.type() == Type.INT ? "int()" : "double()") + " or use another name");
        }
        return s;
    }

    private static String article(Type t) {
        return t == Type.INT ? "an integer" : "a double";
    }

    public int size() {
        return byName.size();
    }
}
