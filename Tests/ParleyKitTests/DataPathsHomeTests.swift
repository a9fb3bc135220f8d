import Foundation
import Testing
@testable import ParleyKit

/// An empty or relative HOME (or XDG folder) never puts parley's files under the working
/// directory: it is treated as missing.
@Suite("data paths without a usable HOME")
struct DataPathsHomeTests {
    @Test(arguments: ["", "relative/home", "."])
    func anUnusableHomeFallsBackToTheAccountsHome(_ home: String) {
        let paths = DataPaths(environment: ["HOME": home, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "rel"])
        #expect(paths.dataDirectory.path.hasPrefix("/"))
        #expect(!paths.dataDirectory.path.hasPrefix(FileManager.default.currentDirectoryPath + "/.local")
                || FileManager.default.currentDirectoryPath == "/")
        let account = String(cString: getpwuid(getuid())!.pointee.pw_dir)
        #expect(paths.dataDirectory.path == account + "/.local/share/parley")
        #expect(paths.configFile.path == account + "/.config/parley/config")
    }

    @Test func anAbsoluteHomeAndXDGFoldersAreUsed() {
        let paths = DataPaths(environment: ["HOME": "/home/ana", "XDG_DATA_HOME": "/data"])
        #expect(paths.dataDirectory.path == "/data/parley")
        #expect(paths.configFile.path == "/home/ana/.config/parley/config")
    }
}
