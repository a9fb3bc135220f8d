import Foundation
import Testing
@testable import ParleyKit

/// parley's boundary to ONNX Runtime for real: the libonnxruntime that scripts/setup installs
/// beside sherpa-onnx, running Fixtures/onnx/ports.onnx (made by scripts/make-onnx-fixtures):
/// ids int64 [2], values float [1, length], mask bool [1] → shifted = ids + 1,
/// chosen = mask ? values + sum(ids) : values.
@Suite("ONNX Runtime through parley's boundary")
struct OnnxRuntimeIntegrationTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/onnx")
    static let ports = fixtures.appendingPathComponent("ports.onnx")

    /// The installed library: a test fails with the install hint where setup has not put it.
    static func runtime() throws -> OnnxRuntime { try OnnxRuntime.shared.get() }

    static func session() throws -> OnnxSession { try OnnxSession(runtime: runtime(), model: ports, threads: 1) }

    /// The fixture's feeds: ids [3, 4], values [[0.5, 1.5, -2]] (or `values`), mask [`mask`].
    static func feeds(mask: Bool, values: [Float] = [0.5, 1.5, -2]) throws -> [(name: String, value: OnnxTensor)] {
        let runtime = try runtime()
        return [("mask", try .bool([mask], shape: [1], runtime: runtime)),
                ("values", try .float32(shape: [1, values.count], runtime: runtime) { target in
                    // An empty tensor's buffer has no base address, which `update(fromContentsOf:)` traps on.
                    for (index, value) in values.enumerated() { target[index] = value }
                }),
                ("ids", try .int64([3, 4], shape: [2], runtime: runtime))]
    }

    /// The `shifted` output of one run.
    static func shifted(_ session: OnnxSession, _ feeds: [(name: String, value: OnnxTensor)],
                        cancellation: OnnxCancellation? = nil) throws -> [Int64] {
        try session.run(feeds, outputs: ["shifted"], cancellation: cancellation)[0].int64s()
    }

    /// A fresh path in the temporary folder, removed by the caller.
    static func scratch(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parley-onnx-\(UUID().uuidString)-\(name)")
    }

    @Test func setupInstalledTheLibraryAndItReportsItsVersion() throws {
        let runtime = try Self.runtime()
        #expect(runtime.version.hasPrefix("1."), "\(runtime.version)")
        #expect(runtime.path.hasSuffix("/parley/sherpa-onnx/libonnxruntime.so"))
    }

    @Test func theLibraryIsLookedForWhereSetupPutsItUnlessTheEnvironmentNamesOne() {
        let installed = "/usr/local/lib/parley/sherpa-onnx/libonnxruntime.so"
        #expect(OnnxRuntime.candidates(environment: ["HOME": "/home/ana"])
            == ["/home/ana/.local/lib/parley/sherpa-onnx/libonnxruntime.so", installed])
        #expect(OnnxRuntime.candidates(environment: [:]) == [installed])
        #expect(OnnxRuntime.candidates(environment: ["HOME": "/h", "PARLEY_ONNXRUNTIME": "/opt/ort.so"]) == ["/opt/ort.so"])
        #expect(OnnxRuntime.candidates(environment: ["PARLEY_ONNXRUNTIME": ""]) == [installed])
    }

    @Test func theGraphsPortsAreReadWithNamesTypesAndSymbolicDimensions() throws {
        let session = try Self.session()
        #expect(session.inputs == [.init(name: "ids", elementType: .int64, shape: [2]),
                                   .init(name: "values", elementType: .float32, shape: [1, -1]),
                                   .init(name: "mask", elementType: .bool, shape: [1])])
        #expect(session.outputs == [.init(name: "shifted", elementType: .int64, shape: [2]),
                                    .init(name: "chosen", elementType: .float32, shape: [1, -1])])
    }

    @Test(arguments: [(true, [Float(7.5), 8.5, 5]), (false, [0.5, 1.5, -2])])
    func aRunGivesTheNamedOutputsInTheOrderAsked(mask: Bool, chosen: [Float]) throws {
        let session = try Self.session()
        let outputs = try session.run(Self.feeds(mask: mask), outputs: ["chosen", "shifted"], cancellation: nil)
        #expect(outputs.count == 2)
        #expect(outputs[0].elementType == .float32)
        #expect(outputs[0].shape == [1, 3])
        #expect(outputs[0].withFloats { Array($0) } == chosen)
        #expect(outputs[1].elementType == .int64)
        #expect(outputs[1].shape == [2])
        #expect(outputs[1].int64s() == [4, 5])
    }

    @Test func theSymbolicDimensionTakesAnyLengthIncludingNone() throws {
        let session = try Self.session()
        let thousand = try Self.feeds(mask: true, values: Array(repeating: 1, count: 1_000))
        let long = try session.run(thousand, outputs: ["chosen"], cancellation: nil)[0]
        #expect(long.shape == [1, 1_000])
        #expect(long.withFloats { $0.allSatisfy { $0 == 8 } })
        let empty = try session.run(Self.feeds(mask: true, values: []), outputs: ["chosen"], cancellation: nil)[0]
        #expect(empty.shape == [1, 0])
        #expect(empty.withFloats { $0.count } == 0)
    }

    @Test func aFeedOfTheWrongShapeTypeOrNameIsAnErrorNotACrash() throws {
        let session = try Self.session()
        let runtime = try Self.runtime()
        let good = try Self.feeds(mask: true)
        let wrong: [(name: String, value: OnnxTensor)] = [
            ("ids", try .int64([3, 4, 5], shape: [3], runtime: runtime)),
            ("ids", try .float32(shape: [2], runtime: runtime) { _ in }),
            ("values", try .float32(shape: [2, 3], runtime: runtime) { _ in }),
            ("idz", try .int64([3, 4], shape: [2], runtime: runtime)),
        ]
        for (name, value) in wrong {
            let feeds = good.filter { $0.name != name } + [(name, value)]
            let error = #expect(throws: ParleyError.self) { try Self.shifted(session, feeds) }
            #expect(error?.code == .engineFailed, "\(name) \(value.shape)")
            #expect(error?.message.contains("ports.onnx") == true)
            guard case .library("onnxruntime", let status, let text)? = error?.cause else {
                Issue.record("no ONNX Runtime cause: \(String(describing: error))")
                continue
            }
            #expect(status == 2, "\(status): \(text)")  // ORT_INVALID_ARGUMENT, read through the status
            #expect(!text.isEmpty)
        }
        let unknownOutput = #expect(throws: ParleyError.self) {
            try session.run(good, outputs: ["nothing"], cancellation: nil)
        }
        #expect(unknownOutput?.code == .engineFailed)
        let missingFeed = #expect(throws: ParleyError.self) { try Self.shifted(session, good.filter { $0.name != "ids" }) }
        #expect(missingFeed?.code == .engineFailed)
        #expect(missingFeed?.message.contains("needs ids") == true)
        // The session is still good after all that.
        #expect(try Self.shifted(session, good) == [4, 5])
    }

    @Test func tensorsOfImpossibleShapesOrCountsAreErrorsNotCrashes() throws {
        let runtime = try Self.runtime()
        for shape in [[-1], [2, -3], [Int.max, 2], [1 << 40, 1 << 30], [1 << 40, 1 << 10]] {
            let error = #expect(throws: ParleyError.self) {
                try OnnxTensor.float32(shape: shape, runtime: runtime) { _ in }
            }
            #expect(error?.code == .engineFailed, "\(shape)")
            #expect(error?.message.contains("\(shape)") == true)
        }
        #expect(throws: ParleyError.self) { try OnnxTensor.int64([1, 2, 3], shape: [2], runtime: runtime) }
        #expect(throws: ParleyError.self) { try OnnxTensor.bool([true], shape: [1, 2], runtime: runtime) }
        let scalar = try OnnxTensor.int64([42], shape: [], runtime: runtime)
        #expect(scalar.shape == [] && scalar.int64s() == [42])
        let zeroed = try OnnxTensor.float32(shape: [2, 2], runtime: runtime) { _ in }
        #expect(zeroed.withFloats { Array($0) } == [0, 0, 0, 0])
        let empty = try OnnxTensor.float32(shape: [1, 4, 0, 8], runtime: runtime) { #expect($0.count == 0) }
        #expect(empty.shape == [1, 4, 0, 8] && empty.elementType == .float32)
    }

    @Test func aMissingModelIsMissingAndAFolderOrPipeIsBrokenNamingThePath() throws {
        let runtime = try Self.runtime()
        let missing = Self.fixtures.appendingPathComponent("no-such-graph.onnx")
        let absent = #expect(throws: ParleyError.self) { try OnnxSession(runtime: runtime, model: missing, threads: 1) }
        #expect(absent?.code == .modelMissing)
        #expect(absent?.stage == .translation)
        #expect(absent?.message.contains(missing.path) == true)

        let folder = #expect(throws: ParleyError.self) {
            try OnnxSession(runtime: runtime, model: Self.fixtures, threads: 1)
        }
        #expect(folder?.code == .modelBroken)
        #expect(folder?.message.contains("\(Self.fixtures.path) is a folder") == true)

        let pipe = Self.scratch("pipe.onnx")
        try #require(mkfifo(pipe.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: pipe) }
        let fifo = #expect(throws: ParleyError.self) { try OnnxSession(runtime: runtime, model: pipe, threads: 1) }
        #expect(fifo?.code == .modelBroken)
        #expect(fifo?.message.contains("\(pipe.path) is a pipe") == true)
    }

    @Test(arguments: ["garbage", "truncated", "empty"])
    func aModelOnnxRuntimeRefusesIsBrokenWithItsWords(kind: String) throws {
        let runtime = try Self.runtime()
        let good = try Data(contentsOf: Self.ports)
        let bytes = switch kind {
        case "garbage": Data("this is not a protobuf, let alone an ONNX graph\n".utf8)
        case "truncated": good.prefix(good.count / 2)
        default: Data()
        }
        let file = Self.scratch("\(kind).onnx")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = #expect(throws: ParleyError.self) { try OnnxSession(runtime: runtime, model: file, threads: 1) }
        #expect(error?.code == .modelBroken)
        #expect(error?.message.contains(file.path) == true)
        guard case .library("onnxruntime", let status, let text)? = error?.cause else {
            Issue.record("no ONNX Runtime cause: \(String(describing: error))")
            return
        }
        // ORT_INVALID_PROTOBUF for what does not parse (an empty file parses, to a model without a graph).
        #expect(kind == "empty" ? status != 0 : status == 7, "\(status): \(text)")
        #expect(!text.isEmpty)
    }

    @Test(arguments: [-1, 1_025])
    func aThreadCountOutOfRangeIsRefused(threads: Int) throws {
        let error = #expect(throws: ParleyError.self) {
            try OnnxSession(runtime: Self.runtime(), model: Self.ports, threads: threads)
        }
        #expect(error?.code == .invalidInput)
    }

    /// What `$PARLEY_ONNXRUNTIME` names in the library tests.
    enum LibraryStandIn: String, CaseIterable, Sendable {
        case pipe, folder, textFile, libraryWithoutOrt, nothing
    }

    /// The path of the C library this process runs on: a real library, but not ONNX Runtime.
    static func loadedLibC() throws -> String {
        // Read to its end: /proc files report no size, and a sized read can stop short.
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
        defer { try? file.close() }
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        let paths = maps.split(separator: "\n").compactMap { $0.split(separator: " ").last }
        return try #require(paths.first { $0.hasSuffix("/libc.so.6") }.map(String.init))
    }

    @Test(arguments: LibraryStandIn.allCases)
    func aLibraryPathThatIsNotOnnxRuntimeIsMissingQuicklyAndSaysWhy(standIn: LibraryStandIn) throws {
        var path = Self.scratch("libonnxruntime.so").path
        let expected: String
        switch standIn {
        case .pipe:
            try #require(mkfifo(path, 0o600) == 0)
            expected = "is a pipe"
        case .folder:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            expected = "is a folder"
        case .textFile:
            try Data("not a library\n".utf8).write(to: URL(fileURLWithPath: path))
            expected = "could not be loaded"
        case .libraryWithoutOrt:
            path = try Self.loadedLibC()
            expected = "OrtGetApiBase"
        case .nothing:
            expected = "does not exist"
        }
        defer { if standIn != .libraryWithoutOrt { try? FileManager.default.removeItem(atPath: path) } }
        let error = #expect(throws: ParleyError.self) {
            try OnnxRuntime.load(environment: ["PARLEY_ONNXRUNTIME": path])
        }
        #expect(error?.code == .libraryMissing)
        #expect(error?.stage == .translation)
        #expect(error?.message.contains(expected) == true, "\(String(describing: error))")
        #expect(error?.message.contains(path) == true)
        #expect(error?.message.contains("$PARLEY_ONNXRUNTIME") == true)
        #expect(error?.message.contains(OnnxRuntime.installHint) == true)
    }

    @Test func aSecondLoadOfTheLibraryWorksAndItsReleaseLeavesTheSharedOneWorking() throws {
        let shared = try Self.runtime()
        do {
            let other = try OnnxRuntime.load(environment: ["PARLEY_ONNXRUNTIME": shared.path])
            let session = try OnnxSession(runtime: other, model: Self.ports, threads: 2)
            let feeds: [(name: String, value: OnnxTensor)] = [
                ("ids", try .int64([1, 1], shape: [2], runtime: other)),
                ("values", try .float32(shape: [1, 1], runtime: other) { $0[0] = 1 }),
                ("mask", try .bool([true], shape: [1], runtime: other)),
            ]
            #expect(try session.run(feeds, outputs: ["chosen"], cancellation: nil)[0].withFloats { Array($0) } == [3])
        }
        #expect(try Self.shifted(Self.session(), Self.feeds(mask: true)) == [4, 5])
    }

    @Test func aCancelledRunIsInterruptedUntilReset() throws {
        let session = try Self.session()
        let cancellation = try OnnxCancellation(runtime: Self.runtime())
        let feeds = try Self.feeds(mask: true)
        #expect(try Self.shifted(session, feeds, cancellation: cancellation) == [4, 5])
        cancellation.cancel()
        #expect(cancellation.isCancelled)
        for _ in 0..<2 {
            let error = #expect(throws: ParleyError.self) { try Self.shifted(session, feeds, cancellation: cancellation) }
            #expect(error?.code == .interrupted)
            #expect(error?.stage == .translation)
        }
        cancellation.reset()
        #expect(!cancellation.isCancelled)
        #expect(try Self.shifted(session, feeds, cancellation: cancellation) == [4, 5])
    }

    @Test func aCancelFromAnotherThreadStopsRunsInProgress() throws {
        let session = try Self.session()
        let cancellation = try OnnxCancellation(runtime: Self.runtime())
        let feeds = try Self.feeds(mask: true, values: Array(repeating: 1, count: 10_000))
        var runs = 0
        var interrupted: ParleyError?
        // Runs back to back while another thread cancels: each either completes or is interrupted,
        // and the flag stays set, so the loop ends within a run of the cancel.
        while interrupted == nil, runs < 1_000_000 {
            if runs == 1 { DispatchQueue.global().async { cancellation.cancel() } }
            do {
                let chosen = try session.run(feeds, outputs: ["chosen"], cancellation: cancellation)[0]
                #expect(chosen.withFloats { $0.count } == 10_000)
                runs += 1
            } catch let error as ParleyError {
                interrupted = error
            }
        }
        #expect(interrupted?.code == .interrupted)
        #expect(runs >= 1)
        cancellation.reset()
        #expect(try Self.shifted(session, feeds, cancellation: cancellation) == [4, 5])
    }
}
