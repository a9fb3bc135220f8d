import Foundation
import Testing
@testable import ParleyKit

@Suite("The real C libraries")
struct LibrariesIntegrationTests {
    @Test func libvoskLoadsWithItsVersionFromTheInstalledFile() throws {
        let library = try VoskLibrary.shared.get()
        #expect(library.version == "0.3.45")
        #expect(library.path.hasSuffix("libvosk.so.0.3.45"))
    }

    /// `/proc/self/maps` read with `String(contentsOfFile:)` came back cut at 4 KB, so a
    /// process with many mappings (the thread sanitizer's, say) lost the library's path and
    /// version. The version now comes from the dynamic linker (`dladdr`), whatever the process
    /// has mapped: 200 more mappings with long names make the maps file far longer than 4 KB.
    @Test func theVersionIsFoundHoweverManyFilesTheProcessHasMapped() throws {
        let loaded = try VoskLibrary.shared.get()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("parley-maps-\(UUID())-" + String(repeating: "m", count: 60))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var mappings: [(address: UnsafeMutableRawPointer, descriptor: Int32)] = []
        defer {
            for mapping in mappings { munmap(mapping.address, 4096); close(mapping.descriptor) }
            try? FileManager.default.removeItem(at: folder)
        }
        for index in 1...200 {
            let file = folder.appendingPathComponent("mapped-\(index)")
            try Data(count: 4096).write(to: file)
            let descriptor = open(file.path, O_RDONLY)
            let address = try #require(mmap(nil, 4096, PROT_READ, MAP_PRIVATE, descriptor, 0))
            mappings.append((address, descriptor))
        }
        let maps = String(decoding: try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(),
                          as: UTF8.self)
        #expect(maps.utf8.count > 4 * 4096)
        let library = try VoskLibrary.load(environment: ["PARLEY_LIBVOSK": loaded.path])
        #expect(library.version == "0.3.45")
        #expect(library.path.hasSuffix("libvosk.so.0.3.45"))
    }

    @Test func setupsFolderForPeopleWithoutRootIsSearchedFirst() {
        #expect(VoskLibrary.candidates(environment: ["HOME": "/home/ana"])
                == ["/home/ana/.local/lib/libvosk.so", "libvosk.so", "/usr/local/lib/libvosk.so"])
        #expect(VoskLibrary.candidates(environment: ["HOME": "/home/ana", "PARLEY_LIBVOSK": "/opt/v/libvosk.so"])
                == ["/opt/v/libvosk.so"])
    }

    @Test func aMissingLibvoskIsAClearErrorNotACrash() {
        #expect {
            try VoskLibrary.load(environment: ["PARLEY_LIBVOSK": "/nonexistent/libvosk.so"])
        } throws: { error in
            let parley = error as? ParleyError
            // The variable is what to fix: setup installs libvosk where parley looks without it.
            return parley?.stage == .recognition && parley?.message.contains("PARLEY_LIBVOSK is set to") == true
                && parley?.cause?.description.contains("/nonexistent/libvosk.so") == true
        }
    }

    @Test func espeakReportsItsVersionAndAmericanAndSpanishVoices() throws {
        let info = try EspeakRuntime.shared.info()
        #expect(info.version.hasPrefix("1."))
        let catalog = try VoiceCatalog.load()
        #expect(catalog.voices.count > 50)
        let american = try #require(catalog.voices.first { $0.identifier == "gmw/en-US" })
        #expect(american.locales.contains(try LocaleTag(parsing: "en-US")))
        #expect(!catalog.voices(speaking: "es").isEmpty)
        #expect(!catalog.voices(speaking: "ko").isEmpty)
    }

    @Test func alsaWithoutADeviceFailsInParleysWords() {
        let probe = ALSADevices.probe("no_such_pcm_\(getpid())", .playback)
        #expect(!probe.opens)
        #expect(probe.failure?.isEmpty == false)
    }
}
