package org.oltpbench.workload.pgbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * pgbench's script syntax: SQL commands ended by {@code ;} (over several lines, {@code --} comments dropped, quotes
 * respected), and one-line meta-commands {@code \set name expression} and {@code \sleep N [us|ms|s]} (N a number or a
 * {@code :variable}). A {@code :name} in SQL that a script sets (or pgbench predefines: scale, client_id, random_seed,
 * default_seed) becomes a bind parameter; any other {@code :word} (a {@code ::} cast) stays as written. Other
 * meta-commands are refused by name.
 */
public final class ScriptParser {
    private static final Pattern SET = Pattern.compile("\\\\set\\s+([A-Za-z_][A-Za-z0-9_]*)\\s+(.+)", Pattern.DOTALL);
    private static final Pattern SLEEP = Pattern.compile("\\\\sleep\\s+(:?[A-Za-z0-9_]+)(?:\\s+(us|ms|s))?\\s*",
            Pattern.CASE_INSENSITIVE);

    private final Symbols symbols;
    private final String source;
    private final List<Command> commands = new ArrayList<>();

    private ScriptParser(Symbols symbols, String source) {
        this.symbols = symbols;
        this.source = source;
    }

    /**
     * Parses {@code text}; {@code source} names it in messages; its variables join {@code symbols} (shared by every
     * script of a run, as pgbench's are per client).
     */
    public static Script parse(String text, String name, String label, int weight, Symbols symbols) {
        ScriptParser p = new ScriptParser(symbols, label);
        p.parseAll(text);
        if (p.commands.isEmpty()) throw new ScriptException(label + " holds no command; write SQL ended by ; or \\set lines");
        return new Script(name, label, weight, List.copyOf(p.commands));
    }

    private void parseAll(String text) {
        StringBuilder sql = new StringBuilder();
        int sqlLine = -1;
        char quote = 0;
        String[] lines = text.split("\n", -1);
        for (int n = 0; n < lines.length; n++) {
            String raw = lines[n];
            if (quote == 0 && sql.toString().isBlank() && raw.stripLeading().startsWith("\\")) {
                StringBuilder meta = new StringBuilder(raw.strip());
                int first = n;
                while (meta.length() > 0 && meta.charAt(meta.length() - 1) == '\\' && n + 1 < lines.length) {
                    meta.setLength(meta.length() - 1); // a meta-command continues on the next line after a backslash
                    meta.append(' ').append(lines[++n].strip());
                }
                meta(meta.toString(), first + 1);
                continue;
            }
            for (int i = 0; i < raw.length(); i++) {
                char c = raw.charAt(i);
                if (quote == 0 && c == '-' && i + 1 < raw.length() && raw.charAt(i + 1) == '-') break;
                if (quote == 0 && (c == '\'' || c == '"')) quote = c;
                else if (quote != 0 && c == quote) quote = 0;
                if (quote == 0 && c == ';') {
                    sql(sql.toString(), sqlLine);
                    sql.setLength(0);
                    sqlLine = -1;
                    continue;
                }
                if (sqlLine < 0 && !Character.isWhitespace(c)) sqlLine = n + 1;
                sql.append(c);
            }
            sql.append('\n');
        }
        sql(sql.toString(), sqlLine);
    }

    private String where(int line) {
        return source + " line " + line;
    }

    private void meta(String text, int line) {
        String word = text.split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
        switch (word) {
            case "\\set" -> {
                Matcher m = SET.matcher(text);
                if (!m.matches()) throw new ScriptException(where(line) + ": \\set needs a name and an expression: \\set aid random(1, 100000 * :scale)");
                Expr value = ExprParser.parse(m.group(2), symbols, where(line));
                Symbols.Symbol s = symbols.assign(m.group(1), value.type(), where(line));
                commands.add(new Command.Set(line, text, s, value));
            }
            case "\\sleep" -> {
                Matcher m = SLEEP.matcher(text);
                if (!m.matches()) throw new ScriptException(where(line) + ": \\sleep takes a number or a :variable and "
                        + "an optional unit us, ms or s: \\sleep 10 ms");
                String unit = m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT);
                long micros = switch (unit) {
                    case "us" -> 1;
                    case "ms" -> 1_000;
                    default -> 1_000_000;
                };
                commands.add(new Command.Sleep(line, text, ExprParser.parse(m.group(1), symbols, where(line)), micros));
            }
            default -> throw new ScriptException(where(line) + ": " + word + " is not a meta-command oltpbench offers "
                    + "(\\set and \\sleep are); leave it out");
        }
    }

    private void sql(String text, int line) {
        String body = text.strip();
        if (body.isEmpty()) return;
        List<Symbols.Symbol> params = new ArrayList<>();
        StringBuilder out = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (quote == 0 && (c == '\'' || c == '"')) quote = c;
            else if (quote != 0 && c == quote) quote = 0;
            if (quote == 0 && c == ':' && i + 1 < body.length() && body.charAt(i + 1) == ':') {
                out.append("::");
                i++;
                continue;
            }
            if (quote == 0 && c == ':') {
                int end = i + 1;
                while (end < body.length() && (Character.isLetterOrDigit(body.charAt(end)) || body.charAt(end) == '_')) end++;
                Symbols.Symbol s = symbols.get(body.substring(i + 1, end));
                if (s != null) {
                    params.add(s);
                    out.append('?');
                    i = end - 1;
                    continue;
                }
            }
            out.append(c);
        }
        String sql = out.toString();
        commands.add(new Command.Sql(line, body.replaceAll("\\s+", " "), sql, params.toArray(new Symbols.Symbol[0]),
                control(sql)));
    }

    /** BEGIN [WORK|TRANSACTION] and START TRANSACTION begin; END and COMMIT end; ROLLBACK and ABORT roll back. */
    private static Command.Control control(String sql) {
        String s = sql.strip().toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
        return switch (s) {
            case "BEGIN", "BEGIN WORK", "BEGIN TRANSACTION", "START TRANSACTION" -> Command.Control.BEGIN;
            case "END", "END WORK", "END TRANSACTION", "COMMIT", "COMMIT WORK", "COMMIT TRANSACTION" -> Command.Control.END;
            case "ROLLBACK", "ROLLBACK WORK", "ROLLBACK TRANSACTION", "ABORT" -> Command.Control.ROLLBACK;
            default -> Command.Control.NONE;
        };
    }
}
