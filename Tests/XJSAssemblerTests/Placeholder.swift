import Testing
@testable import XJSAssembler

@Test func placeholder() { #expect(Bool(true)) }
