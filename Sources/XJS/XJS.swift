// The public Swift embedding API lives here.
@_exported import XJSEngine
