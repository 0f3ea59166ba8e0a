package org.oltpbench.config;

/**
 * A fault to cause inside every repeat's measured window: the user's command at {@code atSecs}, and optionally a
 * command that recovers from it at {@code recoverAtSecs}. Seconds count from the start of the measured window (the
 * warm-up's end). The commands come from the user's own props file and run as the user, through {@code /bin/sh -c}.
 *
 * @param atSecs         seconds into the window; -1 = no fault
 * @param command        the command that causes it (stop a node, kill a process)
 * @param recoverAtSecs  seconds into the window; -1 = none
 * @param recoverCommand the command that recovers (restart the node); empty = none
 */
public record FaultPlan(double atSecs, String command, double recoverAtSecs, String recoverCommand) {
    public static final FaultPlan NONE = new FaultPlan(-1, "", -1, "");

    public FaultPlan {
        if (command == null) command = "";
        if (recoverCommand == null) recoverCommand = "";
    }

    public boolean planned() {
        return atSecs >= 0;
    }

    public boolean recovers() {
        return recoverAtSecs >= 0;
    }
}
