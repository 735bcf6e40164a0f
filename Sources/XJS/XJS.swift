// The public Swift embedding API: the only module a host imports. The engine (XJSEngine) stays
// behind it at `package` access, so a host never sees a raw value or an engine type.
