import CALSA
import Foundation

// The one file that touches the ALSA C API: PCM handles, device hints and status codes.
// Every negative status becomes a `ParleyError` here, through `ALSA.check`.

/// Which way audio flows through a PCM.
public enum AudioDirection: String, Sendable {
    case capture, playback

    /// What a person calls the device on this side.
    public var deviceLabel: String { self == .capture ? "microphone" : "speaker" }
}

/// ALSA calls that are not tied to one open PCM.
enum ALSA {
    /// Silences ALSA's stderr reporting once per process; parley reports failures itself.
    static let silenceLibraryErrors: Void = { parley_alsa_silence_errors() }()

    /// Makes ALSA read its configuration again (after `ALSA_CONFIG_PATH` changed).
    static func reloadConfiguration() {
        snd_config_update_free_global()
    }

    /// Opens `name` without blocking and closes it again: nil when it opens, else why not.
    static func probe(_ name: String, _ direction: AudioDirection) -> String? {
        _ = silenceLibraryErrors
        var handle: OpaquePointer?
        let status = snd_pcm_open(&handle, name, stream(direction), Int32(SND_PCM_NONBLOCK))
        if status < 0 { return describe(status) }
        snd_pcm_close(handle)
        return nil
    }

    /// The PCMs ALSA's configuration defines (`snd_device_name_hint`), with their directions.
    static func deviceHints() -> [KnownPCM] {
        _ = silenceLibraryErrors
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        var result: [KnownPCM] = []
        guard snd_device_name_hint(-1, "pcm", &hints) == 0, let hints else { return [] }
        defer { snd_device_name_free_hint(hints) }
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
            let directions: [AudioDirection] = io == "Input" ? [.capture] : io == "Output" ? [.playback] : [.capture, .playback]
            result.append(KnownPCM(name: name, description: (value("DESC") ?? "").replacingOccurrences(of: "\n", with: " — "),
                                   directions: directions))
        }
        return result
    }

    /// An ALSA status code in parley's words, with what to do for the common ones.
    static func describe(_ status: Int32) -> String {
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

    /// Throws a `.audio` error of kind `code` for a negative status, naming `action`.
    static func check(_ status: Int32, _ action: String, code: ParleyError.Code = .deviceUnavailable) throws {
        guard status >= 0 else {
            throw ParleyError(.audio, code, "Could not \(action): \(describe(status)).",
                              cause: .library(name: "ALSA", status: status, text: String(cString: snd_strerror(status))))
        }
    }

    static func stream(_ direction: AudioDirection) -> snd_pcm_stream_t {
        direction == .capture ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK
    }
}

/// One open ALSA PCM (capture or playback), configured for interleaved signed 16-bit
/// audio. Owns the `snd_pcm_t` handle: opened in `init`, closed in `deinit`. Belongs to one
/// thread: the capture thread for a microphone, the speaking thread for a speaker.
final class ALSAPCM {
    /// The PCM's name (`default`, `hw:0`, a test `file` PCM).
    let name: String
    /// The rate ALSA granted (may differ from the one asked for).
    let sampleRate: Int
    let channels: Int
    /// Frames per period and in the whole ring buffer, as granted.
    let periodFrames: Int
    let bufferFrames: Int
    private let handle: OpaquePointer

    /// Opens and configures `name`. `periodSeconds` and `bufferPeriods` are requests; the
    /// granted values are read back. `startThresholdPeriods` (playback) holds the start
    /// until that many periods are queued, so the first write of an utterance does not underrun.
    init(name: String, direction: AudioDirection, sampleRate: Int, channels: Int = 1,
         periodSeconds: Double, bufferPeriods: Int = 4, startThresholdPeriods: Int? = nil) throws {
        _ = ALSA.silenceLibraryErrors
        var pcm: OpaquePointer?
        try ALSA.check(snd_pcm_open(&pcm, name, ALSA.stream(direction), 0), "open \(direction.deviceLabel) '\(name)'")
        guard let pcm else { throw ParleyError(.audio, .deviceUnavailable, "ALSA returned no handle for '\(name)'.") }
        var params: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&params) == 0, let params else {
            snd_pcm_close(pcm)
            throw ParleyError(.audio, .deviceUnavailable, "Out of memory configuring '\(name)'.")
        }
        defer { snd_pcm_hw_params_free(params) }
        var rate = UInt32(sampleRate)
        var period = snd_pcm_uframes_t(max(32, Int(Double(sampleRate) * periodSeconds)))
        var buffer = period * snd_pcm_uframes_t(bufferPeriods)
        do {
            try ALSA.check(snd_pcm_hw_params_any(pcm, params), "read the capabilities of '\(name)'")
            try ALSA.check(snd_pcm_hw_params_set_access(pcm, params, SND_PCM_ACCESS_RW_INTERLEAVED), "use interleaved access on '\(name)'")
            try ALSA.check(snd_pcm_hw_params_set_format(pcm, params, SND_PCM_FORMAT_S16_LE), "use 16-bit samples on '\(name)'")
            try ALSA.check(snd_pcm_hw_params_set_channels(pcm, params, UInt32(channels)), "use \(channels) channel(s) on '\(name)'")
            try ALSA.check(snd_pcm_hw_params_set_rate_near(pcm, params, &rate, nil), "set the rate of '\(name)'")
            try ALSA.check(snd_pcm_hw_params_set_period_size_near(pcm, params, &period, nil), "set the period of '\(name)'")
            try ALSA.check(snd_pcm_hw_params_set_buffer_size_near(pcm, params, &buffer), "set the buffer of '\(name)'")
            try ALSA.check(snd_pcm_hw_params(pcm, params), "configure '\(name)'")
            snd_pcm_hw_params_get_period_size(params, &period, nil)
            snd_pcm_hw_params_get_buffer_size(params, &buffer)
            if let startThresholdPeriods {
                try Self.setStartThreshold(pcm, frames: min(buffer, period * snd_pcm_uframes_t(startThresholdPeriods)), name: name)
            }
            try ALSA.check(snd_pcm_prepare(pcm), "prepare '\(name)'")
        } catch {
            snd_pcm_close(pcm)
            throw error
        }
        self.name = name
        self.sampleRate = Int(rate)
        self.channels = channels
        periodFrames = Int(period)
        bufferFrames = Int(buffer)
        handle = pcm
    }

    deinit {
        snd_pcm_close(handle)
    }

    /// Writes all of `samples`, recovering from underruns; blocks while the device plays.
    func write(_ samples: [Int16]) throws {
        var offset = 0
        let totalFrames = samples.count / channels
        while offset < totalFrames {
            let written = samples.withUnsafeBufferPointer { buffer in
                snd_pcm_writei(handle, buffer.baseAddress! + offset * channels, snd_pcm_uframes_t(totalFrames - offset))
            }
            if written < 0 {
                try recover(Int32(written), "play to")
                continue
            }
            offset += Int(written)
        }
    }

    /// Reads up to `frames` frames into `buffer` (zeroed first: ALSA's file plugin leaves it
    /// untouched at the end of its input); returns the frames read.
    func read(into buffer: inout [Int16], frames: Int) throws -> Int {
        precondition(buffer.count >= frames * channels)
        while true {
            for index in 0..<(frames * channels) { buffer[index] = 0 }
            let count = buffer.withUnsafeMutableBufferPointer { pointer in
                snd_pcm_readi(handle, pointer.baseAddress, snd_pcm_uframes_t(frames))
            }
            if count >= 0 { return Int(count) }
            try recover(Int32(count), "record from")
        }
    }

    /// Plays what is queued to the end, then stops.
    func drain() { snd_pcm_drain(handle) }
    /// Stops at once, discarding what is queued or captured.
    func drop() { snd_pcm_drop(handle) }
    /// Makes a stopped PCM ready to run again.
    func prepare() throws { try ALSA.check(snd_pcm_prepare(handle), "restart '\(name)'", code: .deviceLost) }

    /// Over- and underruns (and suspends) are recovered; anything else means the device is gone.
    private func recover(_ status: Int32, _ action: String) throws {
        guard status == -EPIPE || status == -ESTRPIPE || status == -EINTR else {
            throw ParleyError(.audio, .deviceLost, "Could not \(action) '\(name)': \(ALSA.describe(status)). "
                + "The device may have been unplugged; :devices lists the others.",
                cause: .library(name: "ALSA", status: status, text: String(cString: snd_strerror(status))))
        }
        try ALSA.check(snd_pcm_recover(handle, status, 1), "recover '\(name)' after an over/underrun", code: .deviceLost)
    }

    private static func setStartThreshold(_ pcm: OpaquePointer, frames: snd_pcm_uframes_t, name: String) throws {
        var params: OpaquePointer?
        guard snd_pcm_sw_params_malloc(&params) == 0, let params else { return }
        defer { snd_pcm_sw_params_free(params) }
        try ALSA.check(snd_pcm_sw_params_current(pcm, params), "read the software parameters of '\(name)'")
        try ALSA.check(snd_pcm_sw_params_set_start_threshold(pcm, params, frames), "set the start threshold of '\(name)'")
        try ALSA.check(snd_pcm_sw_params(pcm, params), "apply the software parameters of '\(name)'")
    }
}
