package org.oltpbench.dialect;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Whether tidb-server runs on unistore, read from @@tidb_config as v8.4 prints it (tabs and newlines in its JSON). */
class TiDbUnistoreTest {
    @Test
    void unistoreIsReadFromTidbConfig() {
        assertTrue(TiDbDialect.unistore("{\n\t\"host\": \"127.0.0.1\",\n\t\"store\": \"unistore\",\n\t\"path\": \"/tmp\"}"));
        assertFalse(TiDbDialect.unistore("{\"store\": \"tikv\", \"path\": \"pd:2379\"}"));
        assertFalse(TiDbDialect.unistore(null));
    }
}
