print("xjs: not yet")
