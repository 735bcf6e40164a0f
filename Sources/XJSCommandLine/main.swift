import Glibc

let commandArguments = Array(CommandLine.arguments.dropFirst())
if commandArguments.first == "parse" {
  exit(runParseCommand(Array(commandArguments.dropFirst())))
}
print("xjs: not yet")
