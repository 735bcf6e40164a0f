// Nothing to compile: the header declares libFuzzer's driver for Swift.
#include "CXJSFuzz.h"
