/// The text of remarks the engine makes to the person (`ConversationEvent.note`), kept in one
/// place so they can become typed conditions with codes.
enum EngineNotes {
    /// The microphone is a recording (`--input-wav`) and all of it has been heard.
    static let recordingEnded = "The input recording has ended: nothing more to listen to. Type your turns, "
        + "or take one from another recording with :listen FILE.wav."

    /// There is a microphone but nothing to speak through: said once, when audio opens.
    static func noSpeaker(recordings: Bool) -> String {
        recordings
            ? "No speaker: translations are shown, not spoken. Start parley with --output-wav DIR to have them "
                + "written as WAV files."
            : "No speaker: translations are shown, not spoken, until one is chosen (:device out NAME)."
    }
}
