package org.oltpbench.util;

/** Message helpers shared by the one-line error reports. */
public final class Text {
    private Text() {
    }

    /** The first line of a possibly multi-line message; "unknown error" for null. */
    public static String firstLine(String s) {
        if (s == null) return "unknown error";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** Why a file could not be read, in words rather than an exception's class name. */
    public static String ioReason(Exception e) {
        if (e instanceof java.nio.file.NoSuchFileException) return "no such file";
        if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
        if (e instanceof java.nio.charset.CharacterCodingException) return "not UTF-8 text";
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) return f.getReason();
        return firstLine(e.getMessage());
    }
}
