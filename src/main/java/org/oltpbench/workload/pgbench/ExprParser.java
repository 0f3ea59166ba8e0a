package org.oltpbench.workload.pgbench;

import java.util.ArrayList;
import java.util.List;

/**
 * pgbench's expression syntax, the arithmetic part: integer and double constants, {@code :variable}s, unary minus, + -
 * * / % with their usual precedence and left associativity, parentheses and function calls. Comparison, boolean,
 * bitwise operators and CASE are refused by name.
 */
final class ExprParser {
    private final String text;
    private final Symbols symbols;
    private final String where;
    private int pos;

    private ExprParser(String text, Symbols symbols, String where) {
        this.text = text;
        this.symbols = symbols;
        this.where = where;
    }

    /** Parses {@code text} whole; variables must be assigned before (or predefined); {@code where} names it in errors. */
    static Expr parse(String text, Symbols symbols, String where) {
        ExprParser p = new ExprParser(text, symbols, where);
        Expr e = p.sum();
        p.skipSpace();
        if (p.pos < text.length()) throw p.error("unexpected '" + text.substring(p.pos) + "' (the operators offered are + - * / %; "
                + "comparisons, boolean and bitwise operators are not)");
        return e;
    }

    private Expr sum() {
        Expr e = product();
        for (char c = peek(); c == '+' || c == '-'; c = peek()) {
            pos++;
            e = Expr.binary(c, e, product());
        }
        return e;
    }

    private Expr product() {
        Expr e = unary();
        for (char c = peek(); c == '*' || c == '/' || c == '%'; c = peek()) {
            pos++;
            e = Expr.binary(c, e, unary());
        }
        return e;
    }

    private Expr unary() {
        char c = peek();
        if (c == '-') {
            pos++;
            return Expr.negate(unary());
        }
        if (c == '+') {
            pos++;
            return unary();
        }
        return primary();
    }

    private Expr primary() {
        char c = peek();
        if (c == '(') {
            pos++;
            Expr e = sum();
            expect(')');
            return e;
        }
        if (c == ':') {
            pos++;
            String name = identifier();
            Symbols.Symbol s = symbols.get(name);
            if (s == null) throw error(":" + name + " is not set before it is used; \\set it first");
            return Expr.variable(s);
        }
        if (Character.isDigit(c) || c == '.') return number();
        if (Character.isLetter(c) || c == '_') {
            String name = identifier();
            if (peek() != '(') {
                throw error("'" + name + "' is not a number, a :variable or a function call (boolean and CASE "
                        + "expressions are not offered)");
            }
            pos++;
            List<Expr> args = new ArrayList<>();
            if (peek() != ')') {
                args.add(sum());
                while (peek() == ',') {
                    pos++;
                    args.add(sum());
                }
            }
            expect(')');
            return Functions.call(name, args, where);
        }
        throw error(c == 0 ? "the expression ends too soon" : "unexpected '" + c + "' (the operators are + - * / %)");
    }

    private Expr number() {
        int start = pos;
        boolean dbl = false;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isDigit(c)) {
                pos++;
            } else if (c == '.' || c == 'e' || c == 'E') {
                dbl = true;
                pos++;
                if ((c == 'e' || c == 'E') && pos < text.length() && (text.charAt(pos) == '-' || text.charAt(pos) == '+')) pos++;
            } else {
                break;
            }
        }
        String n = text.substring(start, pos);
        try {
            return dbl ? Expr.constant(Double.parseDouble(n)) : Expr.constant(Long.parseLong(n));
        } catch (NumberFormatException e) {
            throw error("'" + n + "' is not a number");
        }
    }

    private String identifier() {
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) pos++;
        if (start == pos) throw error("a name must follow ':'");
        return text.substring(start, pos);
    }

    private void expect(char c) {
        if (peek() != c) throw error("'" + c + "' expected");
        pos++;
    }

    /** The next character after blanks, or 0 at the end. */
    private char peek() {
        skipSpace();
        return pos < text.length() ? text.charAt(pos) : 0;
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) pos++;
    }

    private ScriptException error(String what) {
        return new ScriptException(where + ": " + what + " in '" + text.strip() + "'");
    }
}
