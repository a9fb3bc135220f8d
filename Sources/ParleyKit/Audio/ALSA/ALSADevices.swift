import Foundation

/// What happened when parley tried to open an ALSA PCM.
public struct DeviceProbe: Sendable, Equatable {
    /// The PCM name (`default`, `hw:0,0`, `pulse`).
    public let name: String
    /// Capture or playback.
    public let direction: AudioDirection
    /// nil when the PCM opened; otherwise why not, in parley's words.
    public let failure: String?

    /// True when the PCM opened.
    public var opens: Bool { failure == nil }
}

/// One PCM that ALSA's configuration defines.
public struct KnownPCM: Sendable, Equatable {
    /// The name to open it by.
    public let name: String
    /// ALSA's description of it, on one line.
    public let description: String
    /// The directions it supports.
    public let directions: [AudioDirection]
}

/// Lists and probes ALSA PCMs without letting ALSA's own error text reach the terminal.
public enum ALSADevices {
    /// Makes ALSA read its configuration again (after `ALSA_CONFIG_PATH` changed).
    public static func reloadConfiguration() {
        ALSA.reloadConfiguration()
    }

    /// Runs `body` with the process's stderr pointed at /dev/null. Some ALSA plugins (JACK's,
    /// from libasound2-plugins) print from their own libraries, past ALSA's error handler;
    /// parley reports failures in its own words instead. It hides every thread's stderr while
    /// it runs, so it is kept for listing all PCMs (`parley devices`). Nested and concurrent
    /// callers share one redirection: the first saves stderr, the last puts it back.
    public static func quietly<T>(_ body: () throws -> T) rethrows -> T {
        try StandardDescriptors.withStandardErrorSilenced(body)
    }

    /// Opens `name` for `direction` without blocking and closes it again at once.
    public static func probe(_ name: String, _ direction: AudioDirection) -> DeviceProbe {
        DeviceProbe(name: name, direction: direction, failure: ALSA.probe(name, direction))
    }

    /// The PCM names ALSA's configuration defines, with the directions each supports.
    /// `default` is listed first when ALSA defines it.
    public static func knownPCMs() -> [KnownPCM] {
        let pcms = ALSA.deviceHints()
        return pcms.filter { $0.name == "default" } + pcms.filter { $0.name != "default" }
    }
}
