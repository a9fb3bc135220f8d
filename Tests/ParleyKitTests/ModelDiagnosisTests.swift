import Foundation
@testable import ParleyKit
import Testing

/// Which file of a model folder is broken: from the files, and from Kaldi's log.
@Suite("Speech model diagnosis")
struct ModelDiagnosisTests {
    /// A folder with every part a lookahead model needs, each a few bytes.
    func modelFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-model-\(UUID())/ko-KR")
        for part in ["am/final.mdl", "conf/model.conf", "conf/mfcc.conf", "ivector/final.ie",
                     "ivector/final.dubm", "ivector/final.mat"] {
            let url = folder.appendingPathComponent(part)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("graph"), withIntermediateDirectories: true)
        try Self.constFST(states: 2, arcs: 3, extra: 0).write(to: folder.appendingPathComponent("graph/HCLr.fst"))
        try Self.constFST(states: 1, arcs: 1, extra: 0).write(to: folder.appendingPathComponent("graph/Gr.fst"))
        return folder
    }

    /// An OpenFst `const` FST header declaring `states` and `arcs`, followed by `extra` bytes of body.
    static func constFST(states: Int64, arcs: Int64, extra: Int) -> Data {
        var data = Data()
        func int32(_ value: Int32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func int64(_ value: Int64) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func string(_ text: String) { int32(Int32(text.utf8.count)); data.append(contentsOf: Array(text.utf8)) }
        int32(FSTFileCheck.fstMagic); string("const"); string("standard"); int32(2); int32(0)
        int64(0); int64(0); int64(states); int64(arcs)
        let needed = states * 20 + arcs * 16
        data.append(Data(count: extra == 0 ? Int(needed) : extra))
        return data
    }

    @Test func anIntactFolderShowsNoProblem() throws {
        #expect(ModelDiagnosis.inspect(try modelFolder()) == nil)
    }

    @Test func aGraphShorterThanItsHeaderIsCutShort() throws {
        let folder = try modelFolder()
        try Self.constFST(states: 1_000, arcs: 5_000, extra: 100).write(to: folder.appendingPathComponent("graph/HCLr.fst"))
        let problem = try #require(ModelDiagnosis.inspect(folder))
        #expect(problem.file == "graph/HCLr.fst")
        #expect(problem.reason.hasPrefix("is cut short: 165 bytes where its header needs at least 100065"))
        try Data("not an fst".utf8).write(to: folder.appendingPathComponent("graph/HCLr.fst"))
        #expect(ModelDiagnosis.inspect(folder)?.reason.hasPrefix("is not an OpenFst file") == true)
    }

    @Test(arguments: ["ivector/final.ie", "am/final.mdl", "graph/Gr.fst"])
    func aMissingPartIsNamed(_ part: String) throws {
        let folder = try modelFolder()
        try FileManager.default.removeItem(at: folder.appendingPathComponent(part))
        #expect(ModelDiagnosis.inspect(folder) == ModelProblem(file: part, reason: "is missing"))
    }

    @Test func kaldisLogNamesTheFileItWasReading() throws {
        let folder = URL(fileURLWithPath: "/models/ko-KR")
        let garbage = """
            LOG (VoskAPI:ReadDataFiles():model.cc:213) Decoding params beam=10 max-active=3000 lattice-beam=2
            LOG (VoskAPI:ReadDataFiles():model.cc:216) Silence phones 1:2:3:4:5:6:7:8:9:10
            ERROR (VoskAPI:ExpectToken():io-funcs.cc:200) Failed to read token [started at file position 0], expected <TransitionModel>
            """
        #expect(ModelDiagnosis.fromLog(garbage, folder: folder) == ModelProblem(file: "am/final.mdl",
            reason: "cannot be read: Failed to read token [started at file position 0], expected <TransitionModel>"))
        let graph = """
            LOG (VoskAPI:ReadDataFiles():model.cc:282) Loading HCL and G from /models/ko-KR/graph/HCLr.fst /models/ko-KR/graph/Gr.fst
            ERROR: Failed to read 41405560 bytes at offset 145from "/models/ko-KR/graph/Gr.fst"
            ERROR (VoskAPI:Recognizer():recognizer.cc:35) Can't create decoding graph
            """
        #expect(ModelDiagnosis.fromLog(graph, folder: folder)?.file == "graph/Gr.fst")
        let extractor = """
            LOG (VoskAPI:ReadDataFiles():model.cc:248) Loading i-vector extractor from /models/ko-KR/ivector/final.ie
            ERROR (VoskAPI:ReadBasicType():io-funcs-inl.h:57) Read failure in ReadBasicType, file position is 1234
            """
        #expect(ModelDiagnosis.fromLog(extractor, folder: folder)?.file == "ivector/final.ie")
        #expect(ModelDiagnosis.fromLog("LOG (VoskAPI:x) fine\n", folder: folder) == nil)
    }

    @Test func theModelsSampleRateComesFromItsFeatureConfig() throws {
        let folder = try modelFolder()
        #expect(ModelDiagnosis.sampleRate(of: folder) == 16_000)
        try "--use-energy=false\n--sample-frequency=8000\n".write(to: folder.appendingPathComponent("conf/mfcc.conf"),
                                                                  atomically: true, encoding: .utf8)
        #expect(ModelDiagnosis.sampleRate(of: folder) == 8_000)
    }
}
