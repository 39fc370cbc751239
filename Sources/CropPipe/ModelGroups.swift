import Glibc
import Synchronization

/// Every model process group cropsim started and has not yet reaped, so that nothing it started
/// outlives it: an interrupted run ends them all (`endAll`) before it exits, and a failed or
/// finished model's pipes are taken from any process that left its group (`killHolders`).
///
/// A process that left the group (`setsid`) and closed every pipe of the model is out of reach
/// — no pipe, group or parent ties it to cropsim any more — and may survive (docs/model-protocol.md).
public enum ModelGroups {
    private struct State {
        var groups: [pid_t: Set<UInt64>] = [:]
        var ending = false
    }

    private static let state = Mutex(State())

    /// A new group: kept until reaped, or ended at once if the run is being interrupted (it was
    /// spawned after `endAll` took its list).
    static func started(_ pid: pid_t, pipes: Set<UInt64>) {
        let ending = state.withLock { s -> Bool in
            if !s.ending { s.groups[pid] = pipes }
            return s.ending
        }
        if ending {
            kill(-pid, SIGKILL)
            parkIfEnding()
        }
    }

    static func ended(_ pid: pid_t) {
        state.withLock { _ = $0.groups.removeValue(forKey: pid) }
    }

    /// Once the run is being interrupted, the thread that drives a model stops here for good: it
    /// must not report the processes `endAll` is ending as failures, nor start new ones, in the
    /// moment before the process exits.
    static func parkIfEnding() {
        guard state.withLock({ $0.ending }) else { return }
        while true { pause() }
    }

    /// Ends every model group cropsim started — SIGTERM, then SIGKILL 0.5 s later to what is left,
    /// then any process outside a group that holds one of its pipes — and says so in one line on
    /// standard error. For an interrupted run (`Interrupts`), just before it exits with 128 + n.
    public static func endAll(interruptedBy signalNumber: Int32) {
        let groups = state.withLock { s -> [pid_t: Set<UInt64>] in
            s.ending = true
            return s.groups
        }
        for pid in groups.keys { kill(-pid, SIGTERM) }
        let deadline = ModelProcess.now() + 0.5
        var left = Set(groups.keys)
        while !left.isEmpty, ModelProcess.now() < deadline {
            usleep(10_000)
            left = left.filter { !gone($0) }
        }
        for pid in left { kill(-pid, SIGKILL) }
        for pipes in groups.values { killHolders(of: pipes) }
        let name = signalNumber == SIGINT ? "SIGINT" : signalNumber == SIGTERM ? "SIGTERM" : "signal \(signalNumber)"
        let line =
            "cropsim: interrupted by \(name): ended \(groups.count) model process group\(groups.count == 1 ? "" : "s")\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress!, $0.count - 1) }
    }

    /// Whether a group has no live member: its leader reaped (here or by the thread that drove it)
    /// and no other member left.
    private static func gone(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        guard reaped == pid || (reaped < 0 && errno == ECHILD) else { return false }
        return kill(-pid, 0) < 0 && errno == ESRCH
    }

    /// The inode number of a pipe end, as `/proc/<pid>/fd/<n>` shows it for every holder.
    static func inode(_ fd: Int32) -> UInt64 {
        var st = stat()
        return fstat(fd, &st) == 0 ? UInt64(st.st_ino) : 0
    }

    /// SIGKILL to every process but cropsim that holds one of `pipes`, found by reading
    /// `/proc/*/fd` (processes of this user; a model cannot run as another).
    static func killHolders(of pipes: Set<UInt64>) {
        guard let proc = opendir("/proc") else { return }
        defer { closedir(proc) }
        let me = getpid()
        while let entry = readdir(proc) {
            guard let pid = pid_t(name(of: entry)), pid != me, holds(pid, pipes) else { continue }
            kill(pid, SIGKILL)
        }
    }

    private static func holds(_ pid: pid_t, _ pipes: Set<UInt64>) -> Bool {
        guard let fds = opendir("/proc/\(pid)/fd") else { return false }
        defer { closedir(fds) }
        var st = stat()
        while let entry = readdir(fds) {
            let fd = name(of: entry)
            guard fd.first?.isNumber == true, stat("/proc/\(pid)/fd/\(fd)", &st) == 0 else { continue }
            if st.st_mode & S_IFMT == S_IFIFO, pipes.contains(UInt64(st.st_ino)) { return true }
        }
        return false
    }

    private static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }
}
