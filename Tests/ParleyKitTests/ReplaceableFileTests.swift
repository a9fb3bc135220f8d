import Foundation
import Testing
@testable import ParleyKit

/// `--wav PATH`, `:save PATH` and the user's files replace only a regular file (or nothing):
/// a rename over a device node, a pipe or a link would replace the node itself (as root,
/// `--wav /dev/full` once turned /dev/full into a WAV file).
@Suite("writing over what is not a file")
struct ReplaceableFileTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-replace-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func kind(_ url: URL) -> mode_t {
        var status = stat()
        return lstat(url.path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    func refuses(_ url: URL, saying words: String) {
        #expect { try AtomicFile.write(Data("RIFF".utf8), to: url, stage: .audio, what: "the recording") } throws: { error in
            (error as? ParleyError)?.message.contains(words) == true
        }
        #expect { try AtomicFile.update(url, stage: .translation, what: "the recording") { _ in "x\ty\n" } } throws: { error in
            (error as? ParleyError)?.message.contains(words) == true
        }
    }

    @Test func aPipeAFolderOrALinkToThemIsRefusedAndLeftAsItWas() throws {
        let pipe = folder.appendingPathComponent("talk.wav")
        mkfifo(pipe.path, 0o600)
        refuses(pipe, saying: "talk.wav is a pipe, not a file; parley writes the recording only to a regular file")
        #expect(kind(pipe) == S_IFIFO)
        let link = folder.appendingPathComponent("link.wav")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: pipe)
        refuses(link, saying: "link.wav (a link to \(pipe.path)) is a pipe")
        #expect(kind(link) == S_IFLNK)
        refuses(folder, saying: "is a folder")
        let dangling = folder.appendingPathComponent("dangling.wav")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "/nonexistent/x.wav")
        refuses(dangling, saying: "leads nowhere")
    }

    /// A device node of the test's own, 1:3 like /dev/null (mknod needs root; skipped without it).
    @Test func aDeviceIsNeverReplaced() throws {
        let device = folder.appendingPathComponent("null")
        guard mknod(device.path, S_IFCHR | 0o666, dev_t(0x103)) == 0 else { return }
        refuses(device, saying: "is a device, not a file")
        #expect(kind(device) == S_IFCHR)
    }

    @Test func throughALinkTheFileItLeadsToIsReplacedAndTheLinkStays() throws {
        let real = folder.appendingPathComponent("real.md")
        try Data("old".utf8).write(to: real)
        let link = folder.appendingPathComponent("link.md")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        try AtomicFile.write(Data("new".utf8), to: link, stage: .conversation)
        #expect(kind(link) == S_IFLNK)
        #expect(try String(contentsOf: real, encoding: .utf8) == "new")
    }

    /// A link another user planted (in /tmp, to a file of root's) is never written through.
    @Test func aLinkOfAnotherUserIsRefused() throws {
        let real = folder.appendingPathComponent("shadow")
        try Data("secret".utf8).write(to: real)
        let link = folder.appendingPathComponent("planted.wav")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        guard lchown(link.path, 65_534, 65_534) == 0 else { return }   // needs root
        #expect(geteuid() != 65_534)
        refuses(link, saying: "is a symbolic link that another user owns")
        #expect(try String(contentsOf: real, encoding: .utf8) == "secret")
    }
}
