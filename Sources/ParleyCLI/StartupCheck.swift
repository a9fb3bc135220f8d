import ParleyKit

/// What the conversation says once at start-up about missing pieces: which mode still
/// works and the command that brings back the rest.
struct StartupCheck {
    let paths: DataPaths
    let options: ConversationOptions

    func notes(audioOpen: Bool) -> [String] {
        var notes: [String] = []
        switch VoskLibrary.shared {
        case .failure(let error):
            notes.append(error.message)
        case .success:
            let store = ModelStore(roots: paths.modelRoots)
            for locale in [options.first, options.second] {
                do { _ = try store.model(for: locale) } catch let error as ParleyError {
                    notes.append(error.message + " Typed turns still work.")
                } catch {}
            }
        }
        _ = audioOpen  // the REPL reports a missing device itself, in its own words
        return notes
    }
}
