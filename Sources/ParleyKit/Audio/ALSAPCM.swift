import CALSA
import Foundation
import Synchronization

/// One open ALSA PCM (capture or playback), configured for interleaved signed 16-bit
/// audio. Owns the `snd_pcm_t` handle: opened in `init`, closed in `deinit`. Not shared
/// between threads: one reader or one writer uses it.
final class ALSAPCM {
    /// The PCM's name (`default`, `hw:0`, a test `file` PCM).
    let name: String
    let direction: AudioDirection
    /// The rate ALSA granted (may differ from the one asked for).
    let sampleRate: Int
    let channels: Int
    /// Frames per period and in the whole ring buffer, as granted.
    let periodFrames: Int
    let bufferFrames: Int
    /// Over- and underruns (and suspends) recovered so far.
    private(set) var recoveries = 0
    private let handle: OpaquePointer

    /// Opens and configures `name`. `periodSeconds` and `bufferPeriods` are requests;
    /// the granted values are read back.
    /// `startThresholdPeriods` (playback) holds the start until that many periods are
    /// queued, so the first write of an utterance does not underrun.
    init(name: String, direction: AudioDirection, sampleRate: Int, channels: Int = 1,
         periodSeconds: Double, bufferPeriods: Int = 4, startThresholdPeriods: Int? = nil) throws {
        _ = ALSADevices.silenceLibraryErrors
        var pcm: OpaquePointer?
        let stream = direction == .capture ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK
        try Self.check(snd_pcm_open(&pcm, name, stream, 0), "open \(direction == .capture ? "microphone" : "speaker") '\(name)'")
        guard let pcm else { throw ParleyError(.audio, "ALSA returned no handle for '\(name)'.") }
        var params: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&params) == 0, let params else {
            snd_pcm_close(pcm)
            throw ParleyError(.audio, "Out of memory configuring '\(name)'.")
        }
        defer { snd_pcm_hw_params_free(params) }
        var rate = UInt32(sampleRate)
        var period = snd_pcm_uframes_t(max(32, Int(Double(sampleRate) * periodSeconds)))
        var buffer = period * snd_pcm_uframes_t(bufferPeriods)
        do {
            try Self.check(snd_pcm_hw_params_any(pcm, params), "read the capabilities of '\(name)'")
            try Self.check(snd_pcm_hw_params_set_access(pcm, params, SND_PCM_ACCESS_RW_INTERLEAVED), "use interleaved access on '\(name)'")
            try Self.check(snd_pcm_hw_params_set_format(pcm, params, SND_PCM_FORMAT_S16_LE), "use 16-bit samples on '\(name)'")
            try Self.check(snd_pcm_hw_params_set_channels(pcm, params, UInt32(channels)), "use \(channels) channel(s) on '\(name)'")
            try Self.check(snd_pcm_hw_params_set_rate_near(pcm, params, &rate, nil), "set the rate of '\(name)'")
            try Self.check(snd_pcm_hw_params_set_period_size_near(pcm, params, &period, nil), "set the period of '\(name)'")
            try Self.check(snd_pcm_hw_params_set_buffer_size_near(pcm, params, &buffer), "set the buffer of '\(name)'")
            try Self.check(snd_pcm_hw_params(pcm, params), "configure '\(name)'")
            snd_pcm_hw_params_get_period_size(params, &period, nil)
            snd_pcm_hw_params_get_buffer_size(params, &buffer)
            if let startThresholdPeriods {
                try Self.setStartThreshold(pcm, frames: min(buffer, period * snd_pcm_uframes_t(startThresholdPeriods)), name: name)
            }
            try Self.check(snd_pcm_prepare(pcm), "prepare '\(name)'")
        } catch {
            snd_pcm_close(pcm)
            throw error
        }
        self.name = name
        self.direction = direction
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
    func prepare() throws { try Self.check(snd_pcm_prepare(handle), "restart '\(name)'") }

    private func recover(_ status: Int32, _ action: String) throws {
        guard status == -EPIPE || status == -ESTRPIPE || status == -EINTR else {
            throw ParleyError(.audio, "Could not \(action) '\(name)': \(ALSADevices.describe(status)). "
                + "The device may have been unplugged; :devices lists the others.")
        }
        if status != -EINTR { recoveries += 1 }
        try Self.check(snd_pcm_recover(handle, status, 1), "recover '\(name)' after an over/underrun")
    }

    private static func setStartThreshold(_ pcm: OpaquePointer, frames: snd_pcm_uframes_t, name: String) throws {
        var params: OpaquePointer?
        guard snd_pcm_sw_params_malloc(&params) == 0, let params else { return }
        defer { snd_pcm_sw_params_free(params) }
        try check(snd_pcm_sw_params_current(pcm, params), "read the software parameters of '\(name)'")
        try check(snd_pcm_sw_params_set_start_threshold(pcm, params, frames), "set the start threshold of '\(name)'")
        try check(snd_pcm_sw_params(pcm, params), "apply the software parameters of '\(name)'")
    }

    static func check(_ status: Int32, _ action: String) throws {
        guard status >= 0 else {
            throw ParleyError(.audio, "Could not \(action): \(ALSADevices.describe(status)).",
                              cause: String(cString: snd_strerror(status)))
        }
    }
}
