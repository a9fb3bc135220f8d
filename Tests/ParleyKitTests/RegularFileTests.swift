import Foundation
import Testing
@testable import ParleyKit

/// A folder or a pipe given where a file is expected is named as such, with the file's role,
/// instead of Foundation's raw words.
@Suite("files that are not files")
struct RegularFileTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-regular-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func fifo(_ name: String) -> URL {
        let url = folder.appendingPathComponent(name)
        mkfifo(url.path, 0o600)
        return url
    }

    @Test func aPipeOrAFolderAsARecordingIsNamed() {
        #expect { try WAVReader(fifo("talk.wav")) } throws: { error in
            (error as? ParleyError)?.message.hasSuffix("talk.wav is a pipe; the recording must be a file parley can read "
                + "from its start to its end. Save it to a file first.") == true
        }
        #expect { try WAVReader(folder) } throws: { error in
            (error as? ParleyError)?.message == "\(folder.path) is a folder; the recording must be a file in it."
        }
    }

    @Test func aFolderAsADictionaryOrLexiconIsNamed() throws {
        let dictionary = folder.appendingPathComponent("en-es.tsv")
        try FileManager.default.createDirectory(at: dictionary, withIntermediateDirectories: true)
        #expect { try DictionaryFile.read(dictionary) } throws: { error in
            (error as? ParleyError)?.message == "\(dictionary.path) is a folder; a dictionary must be a file in it."
        }
        #expect { try Lexicon.load(dictionary) } throws: { error in
            (error as? ParleyError)?.message.contains("the lexicon must be a file") == true
        }
    }

    @Test func aPipeAsTheConfigIsAProblemAndTheDefaultsStand() {
        let config = ConfigFile.load(fifo("config"))
        #expect(config.problems.count == 1)
        #expect(config.problems.first?.message.hasPrefix("is a pipe") == true)
    }

    /// `/proc/self/mem` as the config gave "(NSCocoaErrorDomain error 256.)": the system's reason now.
    @Test func aFileThatFailsToReadGivesTheSystemsReason() throws {
        let link = folder.appendingPathComponent("config")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/proc/self/mem")
        let config = ConfigFile.load(link)
        #expect(config.problems.first?.message.contains("cannot be read (Input/output error)") == true, "\(config.problems)")
        #expect(!ParleyError.words(of: CocoaError(.fileReadUnknown)).contains("Domain"))
    }

    /// `dict import` on a /dev/zero link, a pipe or a folder said "You don't have permission"
    /// (as root) or dumped Foundation's error.
    @Test func aDeviceAPipeOrAFolderAsADictdIndexIsNamed() throws {
        let zero = folder.appendingPathComponent("zero.index")
        try FileManager.default.createSymbolicLink(atPath: zero.path, withDestinationPath: "/dev/zero")
        let box = folder.appendingPathComponent("box.index")
        try FileManager.default.createDirectory(at: box, withIntermediateDirectories: true)
        let pair = LanguagePair(LocaleTag(language: "en"), LocaleTag(language: "es"))
        for (index, words) in [(zero, "is a device"), (fifo("pipe.index"), "is a pipe"), (box, "is a folder")] {
            #expect { try FreeDictImporter.read(index: index, pair: pair) } throws: { error in
                (error as? ParleyError)?.message.contains(words) == true
            }
        }
    }
}
