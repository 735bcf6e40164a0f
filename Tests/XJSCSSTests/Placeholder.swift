import XCTest

@testable import XJSCSS
