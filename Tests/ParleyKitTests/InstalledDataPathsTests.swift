import Foundation
import Testing
@testable import ParleyKit

/// Where a parley installed by scripts/setup finds its data: `<prefix>/share/parley/shipped`
/// beside its `<prefix>/bin`, whatever the working directory.
@Suite("Data paths of an installed parley")
struct InstalledDataPathsTests {
    func makePrefix(shipped: Bool) throws -> URL {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("parley-prefix-\(UUID())")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: prefix.appendingPathComponent("bin/parley").path, contents: Data())
        if shipped {
            for folder in ["dictionaries/languages", "Models"] {
                try FileManager.default.createDirectory(
                    at: prefix.appendingPathComponent(DataPaths.installedDataFolder).appendingPathComponent(folder),
                    withIntermediateDirectories: true)
            }
        }
        return prefix
    }

    @Test func theInstalledDataBesideBinIsTheRoot() throws {
        let prefix = try makePrefix(shipped: true)
        defer { try? FileManager.default.removeItem(at: prefix) }
        let paths = DataPaths(environment: ["HOME": "/nonexistent"], executable: prefix.appendingPathComponent("bin/parley"))
        let shipped = prefix.appendingPathComponent("share/parley/shipped").resolvingSymlinksInPath().path
        #expect(paths.projectRoot?.resolvingSymlinksInPath().path == shipped)
        #expect(paths.shippedDictionaries?.resolvingSymlinksInPath().path == shipped + "/dictionaries")
        #expect(paths.languagePacks?.resolvingSymlinksInPath().path == shipped + "/dictionaries/languages")
        #expect(paths.modelRoots.first?.resolvingSymlinksInPath().path == shipped + "/Models")
        #expect(paths.voiceRoots.first?.resolvingSymlinksInPath().path == shipped + "/Models/voices")
    }

    @Test func aLinkOnThePathIntoAnInstalledTreeFindsItToo() throws {
        let prefix = try makePrefix(shipped: true)
        defer { try? FileManager.default.removeItem(at: prefix) }
        let link = prefix.appendingPathComponent("elsewhere/parley")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: prefix.appendingPathComponent("bin/parley"))
        let root = DataPaths.locateProjectRoot(from: link)
        #expect(root?.lastPathComponent == "shipped")
    }

    @Test func withoutInstalledDataTheRootIsNotInvented() throws {
        let prefix = try makePrefix(shipped: false)
        defer { try? FileManager.default.removeItem(at: prefix) }
        let root = DataPaths.locateProjectRoot(from: prefix.appendingPathComponent("bin/parley"))
        #expect(root?.path.hasPrefix(prefix.path) != true)
    }
}
