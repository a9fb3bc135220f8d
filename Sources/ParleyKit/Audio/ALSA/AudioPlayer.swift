/// Plays audio chunks through one ALSA playback PCM, for one-off speech (`parley say`).
/// A conversation uses the persistent `AudioSession` instead.
public final class AudioPlayer {
    private let pcm: ALSAPCM

    /// Opens `device` for playback at `sampleRate` (ALSA's plug layer converts if needed).
    public init(device: String, sampleRate: Int) throws {
        pcm = try ALSAPCM(name: device, direction: .playback, sampleRate: sampleRate, periodSeconds: 0.02)
    }

    /// Queues `chunk` (resampled to the device's rate: voices differ); blocks while the
    /// device's buffer is full.
    public func play(_ chunk: AudioChunk) throws {
        try pcm.write(chunk.mixedToMono().resampled(to: pcm.sampleRate).samples)
    }

    /// Waits until everything queued has been played.
    public func finish() {
        pcm.drain()
    }
}
