#if canImport(Glibc)
import Glibc
#endif
import Platform

/// Where lectern keeps what must outlive the process (the feed store, what the reader was showing): systemd's
/// `StateDirectory=`, else the XDG state directory. One place, so the service's files all land together on the
/// writable partition.
public enum StateDirectory {
    /// The directory, made if missing. `purpose` names what needs it and `option` what the user may give instead, for the error when there is none.
    public static func path(environment: [String: String] = ProcessEnvironment.current(),
                            for purpose: String = "lectern's state", orGive option: String? = nil) throws -> String {
        let directory: String
        // systemd's StateDirectory= may list several directories, separated by colons: the first is ours.
        if let state = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !state.isEmpty {
            directory = String(state)
        } else if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            directory = xdg + "/lectern"
        } else if let home = environment["HOME"], !home.isEmpty {
            // HOME=/ (a service, an initramfs) must not give "//.local".
            directory = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/state/lectern"
        } else {
            throw Unavailable("no place for \(purpose): set STATE_DIRECTORY or HOME" + (option.map { ", or give \($0)" } ?? ""))
        }
        do {
            try AtomicFile.makeDirectory(directory)
        } catch {
            throw Unavailable("cannot create the directory for \(purpose): \(error)")
        }
        return directory
    }

    /// The feed store's place when none is given (`feeds.sqlite` here), its directory made if missing: for the
    /// panel's run and for the commands that take `--store`.
    public static func storePath(environment: [String: String] = ProcessEnvironment.current()) throws -> String {
        try path(environment: environment, for: "the feed store", orGive: "--store") + "/feeds.sqlite"
    }

    /// Run as root on a directory another user owns (the owner over ssh on the panel's `/var/lib/lectern`),
    /// becomes that user, so what the command writes stays the service's to read and replace.
    public static func becomeOwner(of directory: String) throws {
        var info = stat()
        guard geteuid() == 0, stat(directory, &info) == 0, info.st_uid != 0 else { return }
        guard setgroups(0, nil) == 0, setgid(info.st_gid) == 0, setuid(info.st_uid) == 0 else {
            throw Unavailable("cannot become the owner of \(directory): \(SystemCallError("setuid"))")
        }
    }

    /// No directory to be had, and why, in one line (the commands print it as their error).
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
