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

/// The address-space check says nothing without a limit or above the need, and names the
/// limit below it.
@Suite("address space limit")
struct AddressSpaceLimitTests {
    @Test func onlyALimitBelowTheNeedIsAnError() {
        #expect(AddressSpaceLimit.shortfall(needed: 3 << 30, for: "x", stage: .recognition, limit: nil) == nil)
        #expect(AddressSpaceLimit.shortfall(needed: 3 << 30, for: "x", stage: .recognition, limit: 4 << 30) == nil)
        let error = AddressSpaceLimit.shortfall(needed: 3 << 30, for: "The speech model for ko-KR was not loaded",
                                                stage: .recognition, limit: 1_500_000 * 1024)
        #expect(error?.message.hasPrefix("The speech model for ko-KR was not loaded: the memory limit (ulimit -v 1500000)") == true)
    }
}
