import ParleyKit

/// What the conversation says once at start-up about missing speech recognition: which
/// mode still works and the command that brings it back. (A missing audio device is
/// reported by the REPL when it opens the session.)
struct StartupCheck {
    let paths: DataPaths
    let options: ConversationOptions

    func notes() -> [String] {
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
        return notes
    }
}
