package org.oltpbench.workload.pgbench;

import org.oltpbench.workload.pgbench.Symbols.Type;

/**
 * A {@code \set} expression, typed when parsed (pgbench's rules: an operation on two integers is an integer, with a
 * double it is a double) and evaluated into a primitive, so a transaction allocates nothing. {@link #i} of a double is
 * pgbench's conversion (rounded to the nearest integer), {@link #d} of an integer its value.
 */
public abstract class Expr {
    final Type type;

    Expr(Type type) {
        this.type = type;
    }

    public Type type() {
        return type;
    }

    public abstract long i(Vars v);

    public abstract double d(Vars v);

    /** An integer expression's {@link #d}, a double's {@link #i}. */
    abstract static class Int extends Expr {
        Int() {
            super(Type.INT);
        }

        @Override
        public double d(Vars v) {
            return i(v);
        }
    }

    abstract static class Dbl extends Expr {
        Dbl() {
            super(Type.DOUBLE);
        }

        @Override
        public long i(Vars v) {
            return toInt(d(v));
        }
    }

    /** pgbench's double-to-integer conversion: the nearest integer, an error out of range. */
    static long toInt(double x) {
        double r = Math.rint(x);
        if (Double.isNaN(r) || r < -9.223372036854776E18 || r >= 9.223372036854776E18) {
            throw new PgbenchError("double to int overflow for " + x);
        }
        return (long) r;
    }

    static Expr constant(long value) {
        return new Int() {
            @Override
            public long i(Vars v) {
                return value;
            }
        };
    }

    static Expr constant(double value) {
        return new Dbl() {
            @Override
            public double d(Vars v) {
                return value;
            }
        };
    }

    static Expr variable(Symbols.Symbol s) {
        int slot = s.slot();
        return s.type() == Type.INT ? new Int() {
            @Override
            public long i(Vars v) {
                return v.ints[slot];
            }
        } : new Dbl() {
            @Override
            public double d(Vars v) {
                return v.doubles[slot];
            }
        };
    }

    /** Unary minus. */
    static Expr negate(Expr a) {
        return a.type == Type.INT ? new Int() {
            @Override
            public long i(Vars v) {
                return Math.negateExact(a.i(v));
            }
        } : new Dbl() {
            @Override
            public double d(Vars v) {
                return -a.d(v);
            }
        };
    }

    /** {@code a op b} for + - * / %: integers when both are (overflow and division by zero are errors), else doubles. */
    static Expr binary(char op, Expr a, Expr b) {
        if (op == '%' || a.type == Type.INT && b.type == Type.INT) return new Int() {
            @Override
            public long i(Vars v) {
                long x = a.i(v), y = b.i(v);
                try {
                    return switch (op) {
                        case '+' -> Math.addExact(x, y);
                        case '-' -> Math.subtractExact(x, y);
                        case '*' -> Math.multiplyExact(x, y);
                        case '/' -> y == 0 ? divideByZero() : y == -1 ? Math.negateExact(x) : x / y;
                        default -> y == 0 ? divideByZero() : y == -1 ? 0 : x % y;
                    };
                } catch (ArithmeticException e) {
                    throw new PgbenchError("bigint out of range");
                }
            }
        };
        return new Dbl() {
            @Override
            public double d(Vars v) {
                double x = a.d(v), y = b.d(v);
                return switch (op) {
                    case '+' -> x + y;
                    case '-' -> x - y;
                    case '*' -> x * y;
                    default -> y == 0 ? divideByZero() : x / y;
                };
            }
        };
    }

    private static long divideByZero() {
        throw new PgbenchError("division by zero");
    }
}
