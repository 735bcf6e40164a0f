import Glibc

// xjs: run scripts, parse files, or start a REPL.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(CommandLineDriver().run(arguments))
