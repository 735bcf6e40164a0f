// xjs-flags: --timeout-ms=500
// /^(\w+\s?)*$/ (the classic e-mail/word validator) on a long sentence ending in a bang, through String.prototype.split with a limit.
print("start");
print("start of split"); print(("word ".repeat(30) + "!").split(/^(\w+\s?)*$/, 1));
