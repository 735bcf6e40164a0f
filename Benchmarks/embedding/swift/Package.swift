// swift-tools-version:6.0
import PackageDescription

// Costs of the Swift embedding API, measured through `import XJS` as a host would use it
// (a package of its own so the repository's build does not carry it):
//   swift run -c release --package-path Benchmarks/embedding/swift
let package = Package(
  name: "EmbeddingBenchmark",
  dependencies: [.package(name: "xjs", path: "../../..")],
  targets: [
    .executableTarget(name: "EmbeddingBenchmark", dependencies: [.product(name: "XJS", package: "xjs")])
  ],
  swiftLanguageModes: [.v5]
)
