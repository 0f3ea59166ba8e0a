package org.oltpbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Reviewer's case (rev45b, on main 9bed1a8): FrontEnds.serverKey takes a URL without a port as port 0, so
 * host=localhost/db and host=127.0.0.1:3306/db (one MySQL server, its default port written once and left out once)
 * are two servers: Database.servers() keeps both, the server is read by two monitors, each counting the other front
 * end's running sessions as another client's, so the InnoDB pending-read gauge is never applied (and a failing server
 * is warned twice). The same for PostgreSQL's 5432.
 */
class ServerKeyPortReview45Test {
    @Test
    void aUrlWithoutItsDefaultPortIsTheSameServer() {
        assertEquals(FrontEnds.serverKey("jdbc:mysql://127.0.0.1:3306/db"), FrontEnds.serverKey("jdbc:mysql://localhost/db"));
        assertEquals(FrontEnds.serverKey("jdbc:postgresql://localhost:5432/db"), FrontEnds.serverKey("jdbc:postgresql://localhost/db"));
    }
}
