// swift-tools-version:6.0
import PackageDescription

// xjs depends on the Swift toolchain and system C libraries only.
// Language mode 5: the engine manages its own memory through unsafe pointers
// and enforces its own threading rule (one runtime per thread at a time).
let package = Package(
  name: "xjs",
  products: [
    .library(name: "XJS", targets: ["XJS"]),
    .executable(name: "xjs", targets: ["XJSCommandLine"]),
  ],
  targets: [
    // Front end: tokens, lexer, AST, parser, scope analysis, early errors. Standard library
    // only, plus CXJSSupport's thread-stack bounds (the parser's guard against deep nesting).
    .target(name: "XJSSyntax", dependencies: ["CXJSSupport"]),
    // ECMAScript regular expressions over UTF-16 code units. Standard library only.
    .target(name: "XJSRegExp"),
    // Machine code: x86-64 and arm64 assemblers, W^X executable memory. Knows no JavaScript.
    .target(name: "XJSAssembler", dependencies: ["CXJSSupport"]),
    // The few helpers Swift cannot express (register spill, icache flush, prctl).
    .target(name: "CXJSSupport"),
    // The engine core: bytecode, interpreter, runtime, builtins.
    .target(name: "XJSEngine", dependencies: ["XJSSyntax", "XJSRegExp", "CXJSSupport"]),
    // The public Swift embedding API.
    .target(name: "XJS", dependencies: ["XJSEngine"]),
    // The command line (`xjs run`, `xjs parse`, the REPL). On Linux it is linked as a fully
    // static executable: no dynamic loader, no shared libswiftCore/libc/libstdc++ pages
    // mapped, no load-time relocations. `print("hi")` peaks at about 6.6 MB RSS instead of
    // 12 MB (dynamic) or 9 MB (--static-swift-stdlib). A link-only flag on an executable
    // target: packages that use the XJS library never see it (checked with SwiftPM 6.3).
    .executableTarget(
      name: "XJSCommandLine", dependencies: ["XJS", "XJSEngine", "XJSSyntax"],
      linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux]))]),
    .testTarget(name: "XJSSyntaxTests", dependencies: ["XJSSyntax"]),
    .testTarget(name: "XJSEngineTests", dependencies: ["XJSEngine"]),
    .testTarget(name: "XJSRegExpTests", dependencies: ["XJSRegExp"]),
    .testTarget(name: "XJSAssemblerTests", dependencies: ["XJSAssembler"]),
  ],
  swiftLanguageModes: [.v5]
)
