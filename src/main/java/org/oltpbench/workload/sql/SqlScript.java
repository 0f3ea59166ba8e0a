package org.oltpbench.workload.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.oltpbench.config.ConfigException;

/**
 * A custom-SQL script as {@code workload=sql} runs it: statements separated by {@code ;}, each optionally weighted by
 * a {@code -- weight: N} line before it, with placeholders that draw a value per execution and are sent as bind
 * parameters (so they are never quoted in the SQL):
 * <pre>
 *   {int:LO:HI}      a uniform integer in LO..HI
 *   {seq}            1, 2, 3, ... shared by every terminal ({seq:START} starts elsewhere)
 *   {str:N}          N random letters and digits ({str:MIN:MAX}: a length drawn in MIN..MAX)
 *   {pick:a|b|c}     one of the listed values, as text
 * </pre>
 * Semicolons inside quotes do not split statements; {@code --} comments are dropped.
 */
public final class SqlScript {
    private static final Pattern WEIGHT = Pattern.compile("^\\s*--\\s*weight\\s*[:=]\\s*(\\d+)\\s*$", Pattern.CASE_INSENSITIVE);
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(int|seq|str|pick)(?::([^}]*))?}");

    /** One placeholder's value source. */
    public sealed interface Gen permits IntRange, Seq, Str, Pick {
    }

    public record IntRange(long lo, long hi) implements Gen {
    }

    /** A sequence shared by every terminal of the workload. */
    public record Seq(AtomicLong next) implements Gen {
    }

    public record Str(int min, int max) implements Gen {
    }

    public record Pick(List<String> values) implements Gen {
    }

    /**
     * A statement: its SQL with {@code ?} for each placeholder, the generators in parameter order, its weight, and where
     * it starts in the source (1-based line).
     */
    public record Statement(String sql, List<Gen> params, int weight, int line) {
    }

    private SqlScript() {
    }

    /** Parses {@code text}; {@code source} names it in messages (a file name, or "query"). */
    public static List<Statement> parse(String text, String source) {
        List<Statement> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int line = 1, startLine = -1, weight = 1;
        char quote = 0;
        for (String raw : text.split("\n", -1)) {
            Matcher w = WEIGHT.matcher(raw);
            if (quote == 0 && w.matches()) {
                weight = Integer.parseInt(w.group(1));
                if (weight < 1) throw new ConfigException(source + " line " + line + ": weight must be 1 or more");
            } else {
                for (int i = 0; i < raw.length(); i++) {
                    char c = raw.charAt(i);
                    if (quote == 0 && c == '-' && i + 1 < raw.length() && raw.charAt(i + 1) == '-') break; // comment
                    if (quote == 0 && (c == '\'' || c == '"' || c == '`')) quote = c;
                    else if (quote != 0 && c == quote) quote = 0;
                    if (quote == 0 && c == ';') {
                        add(out, cur, weight, startLine, source);
                        cur.setLength(0);
                        startLine = -1;
                        weight = 1;
                        continue;
                    }
                    if (startLine < 0 && !Character.isWhitespace(c)) startLine = line;
                    cur.append(c);
                }
                cur.append('\n');
            }
            line++;
        }
        add(out, cur, weight, startLine, source);
        if (out.isEmpty()) throw new ConfigException(source + " holds no SQL statement; write one or more statements separated by ;");
        return out;
    }

    private static void add(List<Statement> out, StringBuilder text, int weight, int line, String source) {
        String sql = text.toString().strip();
        if (sql.isEmpty()) return;
        List<Gen> params = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(sql);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            params.add(gen(m.group(1), m.group(2), source, line));
            m.appendReplacement(b, "?");
        }
        m.appendTail(b);
        out.add(new Statement(b.toString(), List.copyOf(params), weight, line));
    }

    private static Gen gen(String kind, String args, String source, int line) {
        String where = source + " line " + line + ": {" + kind + (args == null ? "" : ":" + args) + "}";
        try {
            String[] a = args == null ? new String[0] : args.split(":", -1);
            return switch (kind) {
                case "int" -> {
                    long lo = Long.parseLong(a[0].trim()), hi = Long.parseLong(a[1].trim());
                    if (a.length != 2 || hi < lo) throw new IllegalArgumentException();
                    yield new IntRange(lo, hi);
                }
                case "seq" -> new Seq(new AtomicLong(a.length == 0 ? 1 : Long.parseLong(a[0].trim())));
                case "str" -> {
                    int min = Integer.parseInt(a[0].trim()), max = a.length > 1 ? Integer.parseInt(a[1].trim()) : min;
                    if (a.length > 2 || min < 0 || max < min) throw new IllegalArgumentException();
                    yield new Str(min, max);
                }
                default -> {
                    if (args == null || args.isEmpty()) throw new IllegalArgumentException();
                    yield new Pick(List.of(args.split("\\|", -1)));
                }
            };
        } catch (RuntimeException e) {
            throw new ConfigException(where + " is not a placeholder oltpbench knows; write {int:LO:HI}, {seq}, {seq:START}, "
                    + "{str:N}, {str:MIN:MAX} or {pick:a|b|c}");
        }
    }
}
