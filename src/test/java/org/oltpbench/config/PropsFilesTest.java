package org.oltpbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every shipped props file loads (no unknown key, no bad value), with the dialect its name promises. */
class PropsFilesTest {
    @Test
    void everyPropsFileLoads() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("props"))) {
            files = s.filter(p -> p.toString().endsWith(".properties")).sorted().toList();
        }
        assertTrue(files.size() >= 8, files.toString());
        Map<String, String> db = Map.of("ob", "oceanbase", "tidb", "tidb", "mysql", "mysql", "mariadb", "mariadb",
                "klustron", "klustron", "postgres", "postgres");
        for (Path f : files) {
            Config cfg = ConfigLoader.load(f, List.of(), Map.of());
            String name = f.getFileName().toString().replace(".properties", "");
            if (db.containsKey(name)) assertEquals(db.get(name), cfg.get(Keys.DB), f.toString());
        }
    }
}
