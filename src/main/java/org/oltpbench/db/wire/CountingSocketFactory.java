package org.oltpbench.db.wire;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * The socket factory MariaDB Connector/J and pgjdbc take by class name ({@code socketFactory}): plain TCP sockets that
 * count into {@link Wire}. The drivers set their own socket options and timeouts on it, as on their default socket.
 */
public final class CountingSocketFactory extends SocketFactory {

    @Override
    public Socket createSocket() {
        return new CountingSocket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return connected(new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
    }

    private static Socket connected(InetSocketAddress to, InetSocketAddress from) throws IOException {
        Socket s = new CountingSocket();
        try {
            if (from != null) s.bind(from);
            s.connect(to);
            return s;
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }
}
