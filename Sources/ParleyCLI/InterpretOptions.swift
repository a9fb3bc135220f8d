import ParleyKit

/// Options of `parley interpret`: live from the microphone, or from a recording into
/// subtitle files.
public struct InterpretOptions: Equatable, Sendable {
    /// The language spoken, and the one it is translated into.
    public var source: LocaleTag
    public var target: LocaleTag
    /// A recording (`-` for standard input) instead of the microphone.
    public var inputWAV: String?
    /// Subtitle files to write (only from a recording).
    public var srt: String?
    public var vtt: String?
    /// What the subtitles show.
    public var subtitles = SubtitleContent.translation
    /// Write every event as a JSON object a line.
    public var json = false
    /// The translation backend.
    public var translator = TranslatorKind.auto
    /// ALSA PCMs of the microphone and the speaker.
    public var input = "default"
    public var output = "default"
    /// Say each translation aloud.
    public var speak = false
    /// The speaker is headphones or another room's: the microphone keeps listening while it
    /// speaks (without it, parley's own voice is dropped from the microphone).
    public var headphones = false
    /// The longest segment and how far the voice may fall behind, in seconds, when given.
    public var longest: Double?
    public var speakLag: Double?
    /// Let Vosk log to standard error.
    public var verbose = false

    /// Interpretation from `source` into `target`.
    public init(source: LocaleTag, target: LocaleTag) {
        self.source = source
        self.target = target
    }

    /// How live speech is cut, from the options.
    var segmentation: SegmentationSettings {
        SegmentationSettings(longestSegment: longest ?? SegmentationSettings.defaultLongest)
    }
}
