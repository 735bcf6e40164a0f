#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// xjs: run scripts, parse files, or start a REPL.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(CommandLineDriver().run(arguments))
