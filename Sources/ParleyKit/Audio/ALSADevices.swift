import CALSA
import Foundation
import Synchronization

/// Which way audio flows through a PCM.
public enum AudioDirection: String, Sendable {
    case capture, playback
}

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

/// Lists and probes ALSA PCMs without letting ALSA's own error text reach the terminal.
public enum ALSADevices {
    /// Silences ALSA's stderr reporting once per process; parley reports failures itself.
    public static let silenceLibraryErrors: Void = { parley_alsa_silence_errors() }()

    /// Makes ALSA read its configuration again (after `ALSA_CONFIG_PATH` changed).
    static func reloadConfiguration() {
        snd_config_update_free_global()
    }

    /// Runs `body` with the process's stderr pointed at /dev/null. Some ALSA plugins (JACK's,
    /// from libasound2-plugins) print from their own libraries, past ALSA's error handler;
    /// parley reports failures in its own words instead. It hides every thread's stderr while
    /// it runs, so it is kept for listing all PCMs (`parley devices`). Nested and concurrent
    /// callers share one redirection: the first saves stderr, the last puts it back.
    public static func quietly<T>(_ body: () throws -> T) rethrows -> T {
        redirection.withLock { state in
            if state.depth == 0 {
                fflush(nil)
                state.saved = dup(STDERR_FILENO)
                let null = open("/dev/null", O_WRONLY)
                if state.saved >= 0, null >= 0 { dup2(null, STDERR_FILENO) }
                if null >= 0 { close(null) }
            }
            state.depth += 1
        }
        defer {
            redirection.withLock { state in
                state.depth -= 1
                if state.depth == 0, state.saved >= 0 {
                    fflush(nil)
                    dup2(state.saved, STDERR_FILENO)
                    close(state.saved)
                    state.saved = -1
                }
            }
        }
        return try body()
    }

    private static let redirection = Mutex<(depth: Int, saved: Int32)>((0, -1))

    /// Opens `name` for `direction` without blocking and closes it again at once.
    public static func probe(_ name: String, _ direction: AudioDirection) -> DeviceProbe {
        _ = silenceLibraryErrors
        var handle: OpaquePointer?
        let stream = direction == .capture ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK
        let status = snd_pcm_open(&handle, name, stream, Int32(SND_PCM_NONBLOCK))
        if status < 0 {
            return DeviceProbe(name: name, direction: direction, failure: describe(status))
        }
        snd_pcm_close(handle)
        return DeviceProbe(name: name, direction: direction, failure: nil)
    }

    /// The PCM names ALSA's configuration defines (from `snd_device_name_hint`), with the
    /// directions each supports; `default` is always listed first.
    public static func knownPCMs() -> [(name: String, description: String, directions: [AudioDirection])] {
        _ = silenceLibraryErrors
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        var result: [(name: String, description: String, directions: [AudioDirection])] = []
        if snd_device_name_hint(-1, "pcm", &hints) == 0, let hints {
            var index = 0
            while let hint = hints[index] {
                defer { index += 1 }
                func value(_ key: String) -> String? {
                    guard let raw = snd_device_name_get_hint(hint, key) else { return nil }
                    defer { free(raw) }
                    return String(cString: raw)
                }
                guard let name = value("NAME") else { continue }
                let io = value("IOID")
                let directions: [AudioDirection] = io == "Input" ? [.capture]
                    : io == "Output" ? [.playback] : [.capture, .playback]
                let description = (value("DESC") ?? "").replacingOccurrences(of: "\n", with: " — ")
                result.append((name, description, directions))
            }
            snd_device_name_free_hint(hints)
        }
        if !result.contains(where: { $0.name == "default" }) {
            result.insert(("default", "the system's default device", [.capture, .playback]), at: 0)
        }
        return result
    }

    /// An ALSA status code in parley's words, with what to do for the common ones.
    public static func describe(_ status: Int32) -> String {
        let text = String(cString: snd_strerror(status))
        switch -status {
        case ENOENT, ENODEV:
            return "no audio device (\(text))"
        case EBUSY:
            return "the device is in use by another program (\(text)); close it or pick another with --input/--output"
        case EACCES, EPERM:
            return "no permission to open the device (\(text)); add your user to the 'audio' group"
        default:
            return text
        }
    }
}
