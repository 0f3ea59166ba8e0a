package org.oltpbench.dialect;

import java.util.Set;

/**
 * What a server says it is, read on one connection before a dialect is chosen (db=auto): each dialect recognises its
 * own engine's server from this ({@link Dialect#recognises}).
 *
 * @param version   the server's full version string (MySQL protocol: {@code @@version}, "5.7.25-OceanBase
 *                  seekdb-v1.4.0.0", "8.0.11-TiDB-v8.4.0", "10.11.19-MariaDB-0+deb12u1"; PostgreSQL: version())
 * @param comment   the MySQL protocol's {@code @@version_comment} ("OceanBase 4.3.5.3 seekdb ..."); "" where none
 * @param variables which of the dialects' marker variables ({@link Dialect#markerVariable}) the server has
 */
public record ServerIdentity(String version, String comment, Set<String> variables) {
    public ServerIdentity {
        comment = comment == null ? "" : comment;
        variables = Set.copyOf(variables);
    }

    /** Whether the version string or the version comment names {@code word} (case as the engines write it). */
    public boolean says(String word) {
        return version.contains(word) || comment.contains(word);
    }
}
