package org.oltpbench.workload.pgbench;

import java.util.List;
import java.util.Locale;
import org.oltpbench.workload.pgbench.Symbols.Type;

/**
 * pgbench's built-in functions that oltpbench offers (PostgreSQL 15, "Built-in Functions" of pgbench): the random
 * family, abs, least, greatest, int, double, mod, pi, sqrt, exp, ln, pow, and the hash family. Each call is typed when
 * the script is parsed.
 */
final class Functions {
    static final List<String> NAMES = List.of("random", "random_gaussian", "random_exponential", "random_zipfian", "abs",
            "least", "greatest", "int", "double", "mod", "pi", "sqrt", "exp", "ln", "pow", "power", "hash", "hash_fnv1a",
            "hash_murmur2");

    private Functions() {
    }

    /** The call {@code name(args)}; {@code where} names it in a refusal. */
    static Expr call(String name, List<Expr> args, String where) {
        String fn = name.toLowerCase(Locale.ROOT);
        Expr[] a = args.toArray(new Expr[0]);
        return switch (fn) {
            case "random" -> arity(fn, a, 2, 2, where, () -> new Expr.Int() {
                @Override
                public long i(Vars v) {
                    return v.random.random(a[0].i(v), a[1].i(v));
                }
            });
            case "random_gaussian" -> arity(fn, a, 3, 3, where, () -> new Expr.Int() {
                @Override
                public long i(Vars v) {
                    return v.random.gaussian(a[0].i(v), a[1].i(v), a[2].d(v));
                }
            });
            case "random_exponential" -> arity(fn, a, 3, 3, where, () -> new Expr.Int() {
                @Override
                public long i(Vars v) {
                    return v.random.exponential(a[0].i(v), a[1].i(v), a[2].d(v));
                }
            });
            case "random_zipfian" -> arity(fn, a, 3, 3, where, () -> new Expr.Int() {
                @Override
                public long i(Vars v) {
                    return v.random.zipfian(a[0].i(v), a[1].i(v), a[2].d(v));
                }
            });
            case "abs" -> arity(fn, a, 1, 1, where, () -> a[0].type == Type.INT ? new Expr.Int() {
                @Override
                public long i(Vars v) {
                    return Math.absExact(a[0].i(v));
                }
            } : unary(a[0], Math::abs));
            case "least", "greatest" -> arity(fn, a, 1, Integer.MAX_VALUE, where, () -> extreme(a, fn.equals("least")));
            case "int" -> arity(fn, a, 1, 1, where, () -> new Expr.Int() {
                @Override
                public long i(Vars v) {
                    return a[0].i(v);
                }
            });
            case "double" -> arity(fn, a, 1, 1, where, () -> unary(a[0], x -> x));
            case "mod" -> arity(fn, a, 2, 2, where, () -> Expr.binary('%', a[0], a[1]));
            case "pi" -> arity(fn, a, 0, 0, where, () -> Expr.constant(Math.PI));
            case "sqrt" -> arity(fn, a, 1, 1, where, () -> unary(a[0], Math::sqrt));
            case "exp" -> arity(fn, a, 1, 1, where, () -> unary(a[0], Math::exp));
            case "ln" -> arity(fn, a, 1, 1, where, () -> unary(a[0], Math::log));
            case "pow", "power" -> arity(fn, a, 2, 2, where, () -> new Expr.Dbl() {
                @Override
                public double d(Vars v) {
                    return Math.pow(a[0].d(v), a[1].d(v));
                }
            });
            case "hash", "hash_murmur2", "hash_fnv1a" -> arity(fn, a, 1, 2, where, () -> hash(a, fn.equals("hash_fnv1a")));
            default -> throw new ScriptException(where + ": " + name + "() is not a pgbench function oltpbench offers; "
                    + "use one of " + String.join(", ", NAMES));
        };
    }

    private static Expr arity(String fn, Expr[] a, int min, int max, String where, java.util.function.Supplier<Expr> make) {
        if (a.length < min || a.length > max) {
            throw new ScriptException(where + ": " + fn + "() takes " + (min == max ? String.valueOf(min)
                    : max == Integer.MAX_VALUE ? "at least " + min : min + " or " + max) + " argument(s), not " + a.length);
        }
        return make.get();
    }

    private static Expr unary(Expr x, java.util.function.DoubleUnaryOperator f) {
        return new Expr.Dbl() {
            @Override
            public double d(Vars v) {
                return f.applyAsDouble(x.d(v));
            }
        };
    }

    /** least/greatest: integers when every argument is one, else doubles. */
    private static Expr extreme(Expr[] a, boolean least) {
        boolean ints = true;
        for (Expr e : a) ints &= e.type == Type.INT;
        if (ints) return new Expr.Int() {
            @Override
            public long i(Vars v) {
                long r = a[0].i(v);
                for (int k = 1; k < a.length; k++) r = least ? Math.min(r, a[k].i(v)) : Math.max(r, a[k].i(v));
                return r;
            }
        };
        return new Expr.Dbl() {
            @Override
            public double d(Vars v) {
                double r = a[0].d(v);
                for (int k = 1; k < a.length; k++) r = least ? Math.min(r, a[k].d(v)) : Math.max(r, a[k].d(v));
                return r;
            }
        };
    }

    private static Expr hash(Expr[] a, boolean fnv) {
        return new Expr.Int() {
            @Override
            public long i(Vars v) {
                long seed = a.length > 1 ? a[1].i(v) : v.defaultSeed;
                return fnv ? fnv1a(a[0].i(v), seed) : murmur2(a[0].i(v), seed);
            }
        };
    }

    /** FNV-1a, 64 bits, over the value's eight bytes from the lowest, its offset basis xor the seed. */
    static long fnv1a(long value, long seed) {
        long h = 0xcbf29ce484222325L ^ seed;
        for (int k = 0; k < 8; k++) {
            h ^= value & 0xff;
            h *= 0x100000001b3L;
            value >>>= 8;
        }
        return h;
    }

    /** MurmurHash64A of one 8-byte key. */
    static long murmur2(long value, long seed) {
        final long m = 0xc6a4a7935bd1e995L;
        final int r = 47;
        long h = seed ^ (8 * m);
        long k = value * m;
        k ^= k >>> r;
        k *= m;
        h ^= k;
        h *= m;
        h ^= h >>> r;
        h *= m;
        h ^= h >>> r;
        return h;
    }
}
