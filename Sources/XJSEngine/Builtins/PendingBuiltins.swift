// Builtins still being written. Each installer here moves to its own file
// (String.swift, Number.swift, …) when it is implemented; this file goes away.
