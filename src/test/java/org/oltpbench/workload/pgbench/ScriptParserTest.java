package org.oltpbench.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScriptParserTest {
    private Symbols symbols;

    private Script parse(String text) {
        symbols = new Symbols();
        return ScriptParser.parse(text, "t", "t.sql", 1, symbols);
    }

    private static List<String> names(Command.Sql sql) {
        return java.util.Arrays.stream(sql.params()).map(Symbols.Symbol::name).toList();
    }

    @Test
    void tpcbLikeIsPgbenchsSqlWithItsVariablesBound() {
        Script s = ScriptParser.parse(BuiltIn.TPCB_LIKE.text(), "tpcb-like", BuiltIn.TPCB_LIKE.label(), 1, new Symbols());
        assertEquals(11, s.commands().size());
        List<Command.Sql> sql = s.statements();
        assertEquals(Command.Control.BEGIN, sql.get(0).control());
        assertEquals("UPDATE pgbench_accounts SET abalance = abalance + ? WHERE aid = ?", sql.get(1).sql());
        assertEquals(List.of("delta", "aid"), names(sql.get(1)));
        assertEquals("SELECT abalance FROM pgbench_accounts WHERE aid = ?", sql.get(2).sql());
        assertEquals("INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)",
                sql.get(5).sql());
        assertEquals(List.of("tid", "bid", "aid", "delta"), names(sql.get(5)));
        assertEquals(Command.Control.END, sql.get(6).control());
        // as pgbench 15 names it (src/test/resources/pgbench/rate-limit.txt: "transaction type: <builtin: TPC-B (sort of)>")
        assertEquals("<builtin: TPC-B (sort of)>", s.label());
    }

    @Test
    void castsQuotesAndUnknownWordsStayAsWritten() {
        Script s = parse("\\set n 5\nSELECT :n::int, ':n', \"a:n\", :missing\nFROM t;");
        Command.Sql q = s.statements().get(0);
        assertEquals("SELECT ?::int, ':n', \"a:n\", :missing\nFROM t", q.sql());
        assertEquals(List.of("n"), names(q));
        assertEquals(2, q.line());
    }

    @Test
    void predefinedVariablesAndCommentsAndSemicolonsInQuotes() {
        Script s = parse("-- a comment\nSELECT :scale, :client_id; -- trailing\nINSERT INTO t VALUES ('a;b');");
        assertEquals(2, s.statements().size());
        assertEquals(List.of("scale", "client_id"), names(s.statements().get(0)));
        assertEquals("INSERT INTO t VALUES ('a;b')", s.statements().get(1).sql());
    }

    @Test
    void sleepTakesAUnitAndAVariable() {
        Script s = parse("\\set t 3\n\\sleep :t ms\n\\sleep 2\n\\sleep 10 us\nSELECT 1;");
        var a = assertInstanceOf(Command.Sleep.class, s.commands().get(1));
        assertEquals(1_000, a.micros());
        assertEquals(1_000_000, assertInstanceOf(Command.Sleep.class, s.commands().get(2)).micros());
        assertEquals(1, assertInstanceOf(Command.Sleep.class, s.commands().get(3)).micros());
    }

    @Test
    void aMetaCommandContinuesAfterABackslash() {
        Script s = parse("\\set x 1 + \\\n  2\nSELECT :x;");
        Vars v = vars(s);
        Command.Set set = assertInstanceOf(Command.Set.class, s.commands().get(0));
        assertEquals(3, set.value().i(v));
    }

    @Test
    void refusalsNameTheLineAndTheFix() {
        var e = assertThrows(ScriptException.class, () -> parse("SELECT 1;\n\\setshell x echo 1"));
        assertTrue(e.getMessage().startsWith("t.sql line 2: \\setshell is not a meta-command"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> parse("\\set x :y + 1"));
        assertTrue(e.getMessage().contains(":y is not set before it is used"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> parse("\\set x 1\n\\set x 1.5"));
        assertTrue(e.getMessage().contains("line 2: :x was an integer and is set to a double"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> parse("\\set x nosuch(1)"));
        assertTrue(e.getMessage().contains("nosuch() is not a pgbench function"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> parse("\\set x random(1)"));
        assertTrue(e.getMessage().contains("random() takes 2 argument(s), not 1"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> parse("\\set x 1 < 2"));
        assertTrue(e.getMessage().contains("unexpected '< 2' (the operators offered are + - * / %"), e.getMessage());
        assertThrows(ScriptException.class, () -> parse("-- nothing"));
    }

    /** Hand calculation: C's (and pgbench's) integer division truncates, % takes the dividend's sign. */
    @Test
    void arithmeticFollowsPgbenchsTypesAndPrecedence() {
        Script s = parse("""
                \\set a 1 + 2 * 3
                \\set b (1 + 2) * 3
                \\set c 7 / 2
                \\set d 7 / 2.0
                \\set e -7 / 2
                \\set f 2 * :a - -1
                \\set g 1e3 + .5
                \\set h 10 % 4
                """);
        Vars v = vars(s);
        long[] ints = new long[6];
        double d = 0, g = 0;
        int k = 0;
        for (Command c : s.commands()) {
            Command.Set set = (Command.Set) c;
            if (set.value().type() == Symbols.Type.INT) {
                ints[k++] = set.value().i(v);
                v.set(set.variable().slot(), ints[k - 1]);
            } else if (set.variable().name().equals("d")) {
                d = set.value().d(v);
            } else {
                g = set.value().d(v);
            }
        }
        assertArrayEquals(new long[] {7, 9, 3, -3, 15, 2}, ints);
        assertEquals(3.5, d);
        assertEquals(1000.5, g);
    }

    /** Expected values: pgbench 15 itself (src/test/resources/expected/pgbench_functions.sql says how). */
    @Test
    void functionsGivePgbenchsValues() throws Exception {
        String text = Files.readString(Path.of("src/test/resources/expected/pgbench_functions.sql"));
        Script s = parse(text);
        Vars v = vars(s);
        java.util.Map<String, Double> got = new java.util.HashMap<>();
        for (Command c : s.commands()) {
            if (!(c instanceof Command.Set set)) continue;
            got.put(set.variable().name(), set.value().type() == Symbols.Type.INT ? (double) set.value().i(v) : set.value().d(v));
            if (set.value().type() == Symbols.Type.INT) assertEquals(expectedInt(set.variable().name()), set.value().i(v), set.text());
        }
        assertEquals(2.5, got.get("i"));
    }

    private static long expectedInt(String name) {
        return switch (name) {
            case "a" -> -3251795447530343920L;
            case "b" -> -55488592825689361L;
            case "c" -> -4555786017548772880L;
            case "d", "e" -> 6;
            case "f" -> -6;
            case "g" -> -3;
            case "h" -> -1;
            case "j" -> 4;
            default -> throw new AssertionError(name);
        };
    }

    @Test
    void runTimeErrorsAreOneLine() {
        Script s = parse("\\set z 0\n\\set x 1 / :z\n\\set y random(5, 1)");
        Vars v = vars(s);
        Expr div = ((Command.Set) s.commands().get(1)).value();
        assertEquals("division by zero", assertThrows(PgbenchError.class, () -> div.i(v)).getMessage());
        Expr r = ((Command.Set) s.commands().get(2)).value();
        assertTrue(assertThrows(PgbenchError.class, () -> r.i(v)).getMessage().startsWith("empty range"));
    }

    @Test
    void builtInsAreFoundByAnUnambiguousPrefix() {
        assertEquals(BuiltIn.TPCB_LIKE, BuiltIn.find("tpcb"));
        assertEquals(BuiltIn.SELECT_ONLY, BuiltIn.find("se"));
        assertEquals(null, BuiltIn.find("s")); // simple-update or select-only
        assertEquals(null, BuiltIn.find("nope"));
    }

    /** The variables of the last script parsed. */
    private Vars vars(Script s) {
        return new Vars(symbols, new PgRandom(1), 0);
    }
}
