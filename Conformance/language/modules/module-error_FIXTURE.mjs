print("fixture runs");
throw new TypeError("thrown by the fixture");
