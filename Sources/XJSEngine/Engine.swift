// The engine core.
