package org.oltpbench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.repeat.server.ServerWindow;
import org.oltpbench.result.run.RunResult;

/** Review of eb7c5f3: HammerDB's line for a result file of schema 3.16 read back. *
 * <p>A fresh reviewer's cases (2026-12-07); each was a defect of eb7c5f3's changes, fixed before they landed: the
 * assertions state the behaviour that holds now.
 */
class Review58bNopmLineTest {

    /**
     * A 3.16 file wrote lagSecs 1 for every PostgreSQL window, with or without a warm-up, and its closing read was taken
     * at the deadline while the terminals ran (the commit message: 2-5% low). Read back now, the line says "the window's
     * opening read, after the warm-up, may lag: the TPM up to 10.0% high": one-sided and the wrong way for that file.
     */
    @Test
    void aSchema316WindowIsNotSaidOneSidedHigh() throws Exception {
        RunResult r = ResultFiles.read(Path.of("src/test/resources/results/schema2.1-tpcc.json"));
        ObjectMapper m = new ObjectMapper();
        ObjectNode root = (ObjectNode) m.readTree(ResultFiles.toJson(r));
        root.put("schemaVersion", "3.16");
        ObjectNode repeat = (ObjectNode) root.get("levels").get(0).get("repeats").get(0);
        repeat.set("serverWindow", m.readTree("{\"engine\":\"postgres\",\"transactionsCounter\":\"xact_commit\",\"transactions\":6476,"
                + "\"dataCounter\":\"sum(d_next_o_id)\",\"data\":2914,\"seconds\":10.0,\"lagSecs\":1.0}"));
        RunResult old = ResultFiles.fromJson(m.writeValueAsString(root), "3.16");
        ServerWindow w = old.levels().get(0).repeats().get(0).server().window();
        String line = TpccFormat.nopmLine(w);
        assertFalse(line.contains("up to 10.0% high"), "a 3.16 file's line: " + line);
    }
}
