package org.oltpbench.result.repeat.topology;

/**
 * What one repeat's terminals did on one front end (host:port) in the measured window.
 *
 * @param frontEnd        host:port
 * @param threadSeconds   seconds terminals spent connected to it inside the window, summed over terminals
 * @param transactions    transactions that started on it inside the window
 * @param errors          errors it gave: lost connections, refused connection attempts, errors the terminals ignored
 * @param downAtEnd       whether it still refused connections when the repeat ended
 */
public record FrontEndUse(String frontEnd, double threadSeconds, long transactions, long errors, boolean downAtEnd) {
}
