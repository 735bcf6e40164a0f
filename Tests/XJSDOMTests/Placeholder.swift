import XCTest

@testable import XJSDOM
