import java.sql.*;
public class Period {
  public static void main(String[] a) throws Exception {
    String url = a[0]; Class.forName(url.startsWith("jdbc:mysql") ? "com.mysql.cj.jdbc.Driver" : "org.mariadb.jdbc.Driver");
    try (Connection s = DriverManager.getConnection(url, "bench", "bench"); Connection m = DriverManager.getConnection(url, "bench", "bench")) {
      long t0 = System.nanoTime() + 50_000_000L, P = 100_000_000L; int wrong = 0, n = 100; boolean inTrx = false;
      for (int k = 0; k < n; k++) {
        // the subject changes state half a period before each read, as the sampler reads at fixed 100-ms ticks
        long change = t0 + k * P - P / 2;
        while (System.nanoTime() < change) Thread.onSpinWait();
        if (inTrx) { s.commit(); s.setAutoCommit(true); inTrx = false; }
        else { s.setAutoCommit(false); try (Statement st = s.createStatement()) { st.executeQuery("SELECT v FROM stale_t WHERE id = 1 FOR UPDATE").close(); } inTrx = true; }
        while (System.nanoTime() < t0 + k * P) Thread.onSpinWait();
        String seen = Stale.read(m);
        boolean showsTrx = seen.contains("RUNNING");
        if (showsTrx != inTrx) wrong++;
      }
      System.out.println(wrong + " of " + n + " reads at a fixed 100-ms period showed the session's transaction state of the read before");
    }
  }
}
