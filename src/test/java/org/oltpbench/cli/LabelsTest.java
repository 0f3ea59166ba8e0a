package org.oltpbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class LabelsTest {
    @Test
    void eachPropsFileIsLabelledByItsNameAndLikeNamesAreNumbered() {
        assertEquals(List.of("ob", "tidb", "ob-2", "mysql.local"), Main.labels(List.of(Path.of("props/ob.properties"),
                Path.of("/x/tidb.props"), Path.of("other/ob.properties"), Path.of("mysql.local.properties"))));
    }
}
