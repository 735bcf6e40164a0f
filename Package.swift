// swift-tools-version:6.0
import PackageDescription

// The CLI's link on Linux, for start-up memory (print("hi") peak RSS: 12.1 MB dynamic,
// 9.2 MB with --static-swift-stdlib, 6.4 MB fully static, 4.1 MB with the order file and function
// sections, 2026-12-07):
// - a fully static executable: no dynamic loader, no shared libswiftCore/libc/libstdc++
//   pages mapped, no load-time relocations;
// - lld with the functions start-up runs placed together, then those the benchmark programs run
//   (Scripts/link-order writes Sources/XJSCommandLine/LinkOrder.txt): the kernel maps text in
//   64 KB windows around each fault, so code scattered over the whole text made most of it
//   resident.
// Link-only flags on an executable target: packages that use the XJS library never see
// them (checked with SwiftPM 6.3).
let linkOrderFile = String(#filePath.dropLast("Package.swift".count)) + "Sources/XJSCommandLine/LinkOrder.txt"
// A sanitizer build (XJS_SANITIZE=1, Scripts/sanitize and Scripts/fuzz) links dynamically:
// the sanitizers' runtimes are shared libraries.
let sanitizing = Context.environment["XJS_SANITIZE"] == "1" || Context.environment["XJS_FUZZ"] == "1"
let commandLineLinkerFlags =
  sanitizing
  ? ["-use-ld=lld"]
  : [
    "-static-executable", "-use-ld=lld",
    "-Xlinker", "--symbol-ordering-file=\(linkOrderFile)", "-Xlinker", "--no-warn-symbol-ordering",
  ]

// Each function in its own section, so the order file above can place the start-up functions
// next to each other (without it lld can only move whole object files, and start-up code stayed
// spread over 1.5 MB of text). Unsafe flags make a product unusable as a versioned dependency,
// so a checkout that SwiftPM made for a dependent package (under …/checkouts/) goes without.
let isDependencyCheckout = #filePath.contains("/checkouts/")
let functionSections: [SwiftSetting] =
  isDependencyCheckout ? [] : [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux]))]
// The front end and the engine check exclusive access statically only in release builds: the
// dynamic checks (swift_beginAccess on every class property write) were 17% of loading a large
// script, in the parser, the scope analyzer and the bytecode compiler. Debug builds, which the
// tests run, keep them.
let releaseFrontEndSettings: [SwiftSetting] =
  functionSections
  + (isDependencyCheckout ? [] : [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))])

// libxjs.so exports the C API's functions only (Sources/XJSCAPI/xjs.map).
let cLibraryExportsFile = String(#filePath.dropLast("Package.swift".count)) + "Sources/XJSCAPI/xjs.map"
let cLibraryLinkerFlags = [
  "-static-stdlib", "-Xlinker", "-soname=libxjs.so", "-Xlinker", "--version-script=\(cLibraryExportsFile)",
]

// xjs depends on the Swift toolchain and system C libraries only (libffi among them).
// Language mode 5: the engine manages its own memory through unsafe pointers
// and enforces its own threading rule (one runtime per thread at a time).
let package = Package(
  name: "xjs",
  products: [
    .library(name: "XJS", targets: ["XJS"]),
    // The C API (include/xjs.h) as a shared library; Scripts/build-c-library installs it as
    // libxjs.so (a product cannot share the executable's name).
    .library(name: "XJSC", type: .dynamic, targets: ["XJSCAPI"]),
    .executable(name: "xjs", targets: ["XJSCommandLine"]),
    // The host side of the content process: launch sandboxed `xjs content` processes, talk to
    // them over the validated protocol.
    .library(name: "XJSContent", targets: ["XJSContent"]),
    // The example host: a small command-line browser shell over XJSContent.
    .executable(name: "xjs-shell", targets: ["BrowserShell"]),
  ],
  targets: [
    // Front end: tokens, lexer, AST, parser, scope analysis, early errors. Standard library
    // only, plus CXJSSupport's thread-stack bounds (the parser's guard against deep nesting).
    .target(name: "XJSSyntax", dependencies: ["CXJSSupport"], swiftSettings: releaseFrontEndSettings),
    // ECMAScript regular expressions over UTF-16 code units. Standard library only.
    .target(name: "XJSRegExp", swiftSettings: functionSections),
    // Machine code: x86-64 and arm64 assemblers, W^X executable memory. Knows no JavaScript.
    .target(name: "XJSAssembler", dependencies: ["CXJSSupport"], swiftSettings: functionSections),
    // The few helpers Swift cannot express (register spill, icache flush, prctl, the ffi
    // callback trampolines).
    .target(name: "CXJSSupport"),
    // libffi (system library): calls into C by a signature declared at run time (FFI/).
    .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
    // The engine core: bytecode, interpreter, slow paths, baseline JIT, runtime, builtins.
    // Bytecode/Opcodes.spec is the instruction set; Scripts/generate-opcodes turns it into Swift.
    .target(
      name: "XJSEngine", dependencies: ["XJSSyntax", "XJSRegExp", "XJSAssembler", "CXJSSupport", "CFFI"],
      exclude: ["Bytecode/Opcodes.spec"], swiftSettings: releaseFrontEndSettings),
    // The public Swift embedding API: the only module a host imports (XJSEngine stays behind it
    // at `package` access).
    .target(name: "XJS", dependencies: ["XJSEngine", "XJSSyntax"], swiftSettings: functionSections),
    // HTML parsing by the WHATWG algorithm (tokenizer, tree construction, fragments), building
    // any tree through HTMLTreeSink. Standard library only: it knows no DOM and no JavaScript.
    // Cross-module optimization: the tree builder is generic over its sink, and without it the
    // DOM's parses run unspecialized (generic metadata lookups were a fifth of the parse time).
    .target(name: "XJSHTML", swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]),
    // CSS selectors (Selectors Level 4 without layout) matched over any tree through
    // SelectorElement, and declaration blocks (the style attribute). Standard library only.
    .target(name: "XJSCSS"),
    // The DOM: nodes, events, the page and its loop, bound to JavaScript through the public
    // embedding API only (the engine knows nothing of it).
    .target(name: "XJSDOM", dependencies: ["XJS", "XJSHTML", "XJSCSS"]),
    // The content process's protocol (Protocol/: frames, strict decoding) and its host side
    // (Host/: launch, policy, requests, the interruption handler). Reads files for the page
    // through the module loader's helpers (XJSEngine), runs no JavaScript.
    .target(name: "XJSContent", dependencies: ["XJSEngine"]),
    // `xjs content`: the content process itself. Applies the policy (MDWE, seccomp), then runs
    // pages in the DOM, one request at a time.
    .target(name: "XJSContentProcess", dependencies: ["XJS", "XJSDOM", "XJSContent", "XJSEngine", "CXJSSupport"]),
    // The example host (Examples/browser-shell): open a page in a content process, run scripts,
    // print the document, relaunch after a crash or a hang.
    .executableTarget(name: "BrowserShell", dependencies: ["XJSContent"], path: "Examples/browser-shell"),
    // include/xjs.h as a Clang module, for the C API's implementation.
    .systemLibrary(name: "CXJSAPI", path: "Sources/CXJSAPI"),
    // The C API: @_cdecl functions over the Swift API. Linked with the Swift runtime inside, so
    // a C program needs only libxjs.so (and the system's libc, libm, libstdc++).
    .target(
      name: "XJSCAPI", dependencies: ["XJS", "XJSEngine", "XJSContent", "CXJSAPI"], exclude: ["xjs.map"],
      // Handles are checked by hand (slot, generation, runtime); the table is single-threaded.
      swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])],
      linkerSettings: [.unsafeFlags(cLibraryLinkerFlags, .when(platforms: [.linux]))]),
    // The command line (`xjs run`, `xjs parse`, the REPL). See `commandLineLinkerFlags`.
    .executableTarget(
      name: "XJSCommandLine",
      dependencies: ["XJSEngine", "XJSSyntax", "XJS", "XJSDOM", "XJSContent", "XJSContentProcess"],
      exclude: ["LinkOrder.txt"], swiftSettings: functionSections,
      linkerSettings: [.unsafeFlags(commandLineLinkerFlags, .when(platforms: [.linux]))]),
    .testTarget(name: "XJSSyntaxTests", dependencies: ["XJSSyntax"]),
    .testTarget(name: "XJSEngineTests", dependencies: ["XJSEngine"]),
    // The embedding API through `import XJS` only: what a host can do, nothing more.
    .testTarget(name: "XJSTests", dependencies: ["XJS"]),
    .testTarget(name: "XJSRegExpTests", dependencies: ["XJSRegExp"]),
    .testTarget(name: "XJSAssemblerTests", dependencies: ["XJSAssembler"]),
    .testTarget(name: "XJSHTMLTests", dependencies: ["XJSHTML"]),
    .testTarget(name: "XJSCSSTests", dependencies: ["XJSCSS"]),
    .testTarget(name: "XJSDOMTests", dependencies: ["XJSDOM", "XJS"]),
    // Content processes launched for real (they need the xjs executable beside the tests).
    .testTarget(name: "XJSContentTests", dependencies: ["XJSContent"]),
  ],
  swiftLanguageModes: [.v5]
)

// The libFuzzer harnesses (Fuzz/, built and run by Scripts/fuzz/libfuzzer) exist only in a fuzzing build:
// `XJS_FUZZ=1 swift build --product xjs-fuzz -Xswiftc -sanitize=fuzzer,address`. The main
// function is the harness's own (it picks the target, then hands over to libFuzzer's driver);
// SwiftPM renames an executable's entry point, so the harness defines that name.
if Context.environment["XJS_FUZZ"] == "1" {
  package.products.append(.executable(name: "xjs-fuzz", targets: ["XJSFuzz"]))
  package.targets += [
    .target(name: "CXJSFuzz", path: "Fuzz/CXJSFuzz"),
    .executableTarget(
      name: "XJSFuzz", dependencies: ["XJSSyntax", "XJSRegExp", "XJSEngine", "XJSHTML", "CXJSFuzz"],
      path: "Fuzz/XJSFuzz", swiftSettings: [.unsafeFlags(["-parse-as-library"])],
      linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
  ]
}
