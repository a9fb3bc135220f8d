// swift-tools-version: 6.0
// parley: toolchain only, no package dependencies. The C libraries come from the system
// (scripts/setup installs them); libvosk, sherpa-onnx and ONNX Runtime are loaded at run
// time so that parley still starts, in typed mode and with espeak-ng and Apertium, where
// they are missing.
import PackageDescription

let package = Package(
    name: "parley",
    products: [
        .executable(name: "parley", targets: ["parley"]),
        .library(name: "ParleyKit", targets: ["ParleyKit"]),
        // In-memory fakes of every stage, for unit tests of code built on ParleyKit.
        .library(name: "ParleyKitTesting", targets: ["ParleyKitTesting"]),
    ],
    targets: [
        .systemLibrary(name: "CVosk", path: "Sources/CVosk"),
        .systemLibrary(name: "CEspeakNG", path: "Sources/CEspeakNG", pkgConfig: "espeak-ng",
                       providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CALSA", path: "Sources/CALSA", pkgConfig: "alsa",
                       providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CReadline", path: "Sources/CReadline", pkgConfig: "readline",
                       providers: [.apt(["libreadline-dev"])]),
        // Ctrl-C as a byte on a pipe: the one piece of C parley writes itself, because a
        // signal handler must be async-signal-safe.
        .target(name: "CInterrupt", path: "Sources/CInterrupt"),
        // The commit `parley --version` names: build_commit.h, written by scripts/setup.
        .target(name: "CBuildInfo", path: "Sources/CBuildInfo"),
        // sherpa-onnx (neural voices) is declared, not linked: it is opened at run time.
        .systemLibrary(name: "CSherpaOnnx", path: "Sources/CSherpaOnnx"),
        // ONNX Runtime (neural translation) likewise: opened at run time, from beside sherpa-onnx.
        .systemLibrary(name: "COnnxRuntime", path: "Sources/COnnxRuntime"),
        // SentencePiece (Debian's libsentencepiece, C++) behind a plain C API of parley's own:
        // the neural translator's tokenizer.
        .target(name: "CSentencePiece", path: "Sources/CSentencePiece",
                linkerSettings: [.linkedLibrary("sentencepiece")]),
        .target(name: "ParleyKit", dependencies: ["CVosk", "CSherpaOnnx", "COnnxRuntime", "CSentencePiece", "CEspeakNG", "CALSA"]),
        .target(name: "ParleyKitTesting", dependencies: ["ParleyKit"]),
        .target(name: "ParleyCLI", dependencies: ["ParleyKit", "CReadline", "CInterrupt", "CBuildInfo"]),
        .executableTarget(name: "parley", dependencies: ["ParleyCLI", "ParleyKit"]),
        // Benchmarks, run by hand in release mode: scripts/bench [translation|...].
        .executableTarget(name: "parley-bench", dependencies: ["ParleyKit"]),
        .testTarget(name: "ParleyKitTests", dependencies: ["ParleyKit", "ParleyKitTesting"], exclude: ["Fixtures"]),
        .testTarget(name: "ParleyCLITests", dependencies: ["ParleyCLI", "ParleyKit"]),
        .testTarget(name: "IntegrationTests", dependencies: ["ParleyKit", "ParleyKitTesting"], exclude: ["Fixtures", "alsa-test.conf"]),
        .testTarget(name: "EndToEndTests", dependencies: ["ParleyKit"]),
    ],
    swiftLanguageModes: [.v6]
)
