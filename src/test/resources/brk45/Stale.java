import java.sql.*;
public class Stale {
  static final String Q = "SELECT p.ID, p.COMMAND, t.trx_state, p.STATE FROM information_schema.PROCESSLIST p LEFT JOIN information_schema.INNODB_TRX t ON t.trx_mysql_thread_id = p.ID WHERE p.DB = DATABASE() AND p.ID <> CONNECTION_ID()";
  public static void main(String[] a) throws Exception {
    String url = a[0]; Class.forName(url.startsWith("jdbc:mysql") ? "com.mysql.cj.jdbc.Driver" : "org.mariadb.jdbc.Driver");
    try (Connection s = DriverManager.getConnection(url, "bench", "bench"); Connection m = DriverManager.getConnection(url, "bench", "bench")) {
      try (Statement st = s.createStatement()) { st.execute("CREATE TABLE IF NOT EXISTS stale_t (id INT PRIMARY KEY, v INT) ENGINE=InnoDB"); st.execute("REPLACE INTO stale_t VALUES (1, 0)"); }
      int wrong = 0, n = 20;
      for (int k = 0; k < n; k++) {
        s.setAutoCommit(false);
        try (Statement st = s.createStatement()) { st.executeQuery("SELECT v FROM stale_t WHERE id = 1 FOR UPDATE").close(); }
        Thread.sleep(120);
        String before = read(m);            // the sampler's read while the session is in its transaction
        s.commit(); s.setAutoCommit(true);  // the session is now idle outside any transaction
        Thread.sleep(60);                   // the next sample, less than 100 ms after the last
        String after = read(m);
        if (after.contains("RUNNING")) wrong++;
        if (k < 3) System.out.println("in trx: " + before + " | 60 ms after commit: " + after);
        Thread.sleep(150);
      }
      System.out.println(wrong + " of " + n + " reads 60 ms after the commit still showed the session's transaction");
    }
  }
  static String read(Connection m) throws SQLException {
    StringBuilder sb = new StringBuilder();
    try (Statement st = m.createStatement(); ResultSet rs = st.executeQuery(Q)) { while (rs.next()) sb.append(rs.getString(2)).append('/').append(rs.getString(3)).append(' '); }
    return sb.toString().trim();
  }
}
