package org.oltpbench.dialect;

import java.util.Map;
import java.util.function.Supplier;

/** The explicit map from {@code db=} names to dialects: no reflection, no registry files. */
public final class Dialects {
    private static final Map<String, Supplier<Dialect>> FACTORIES = Map.of(
            "mysql", MySqlDialect::new,
            "mariadb", MariaDbDialect::new,
            "oceanbase", OceanBaseDialect::new,
            "tidb", TiDbDialect::new,
            "klustron", KlustronDialect::new,
            "postgres", PostgresDialect::new);

    private Dialects() {
    }

    /** The dialect for a validated {@code db} value. */
    public static Dialect forName(String db) {
        Supplier<Dialect> f = FACTORIES.get(db);
        if (f == null) throw new IllegalArgumentException("no dialect " + db);
        return f.get();
    }
}
