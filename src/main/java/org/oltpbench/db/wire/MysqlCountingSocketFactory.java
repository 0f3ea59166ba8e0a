package org.oltpbench.db.wire;

import java.net.Socket;
import com.mysql.cj.conf.PropertySet;
import com.mysql.cj.protocol.StandardSocketFactory;

/**
 * mysql-connector-j's socket factory ({@code socketFactory}) with a counting socket ({@link Wire}): the driver's own
 * factory in every other respect (connect timeouts, socket options, the TLS handshake over this socket).
 */
public final class MysqlCountingSocketFactory extends StandardSocketFactory {
    @Override
    protected Socket createSocket(PropertySet props) {
        return new CountingSocket();
    }
}
