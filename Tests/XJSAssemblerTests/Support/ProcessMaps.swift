// Reads /proc/self/maps: the kernel's own view of what each mapping allows.
import Glibc

struct Mapping {
  let addresses: Range<UInt>
  /// The four permission characters, such as "r-xp".
  let permissions: String
  let line: String

  var isWritableAndExecutable: Bool { permissions.contains("w") && permissions.contains("x") }
}

func readProcessMaps() -> [Mapping] {
  let descriptor = open("/proc/self/maps", O_RDONLY)
  guard descriptor >= 0 else { return [] }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count <= 0 { break }
    bytes += chunk[0..<count]
  }
  return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    guard fields.count >= 2 else { return nil }
    let bounds = fields[0].split(separator: "-")
    guard bounds.count == 2, let start = UInt(bounds[0], radix: 16),
      let end = UInt(bounds[1], radix: 16)
    else {
      return nil
    }
    return Mapping(addresses: start..<end, permissions: String(fields[1]), line: String(line))
  }
}

/// The mapping holding `address`, if any.
func mapping(containing address: UInt) -> Mapping? {
  readProcessMaps().first { $0.addresses.contains(address) }
}

/// Lines of /proc/self/maps that are writable and executable at once.
func writableExecutableMappings() -> [String] {
  readProcessMaps().filter(\.isWritableAndExecutable).map(\.line)
}

/// FNV-1a 64, written independently of the module's for checking its digests.
func referenceFNV1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
  bytes.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
}
