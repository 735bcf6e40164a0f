// xjs's testharnessreport.js: served in place of WPT's (Conformance/wpt/run.py puts this
// overlay before the WPT checkout in --doc-root), it prints each subtest's result as one JSON
// line on stdout, then the harness status, for the runner to count.
setup({ output: false });
add_completion_callback(function (tests, harnessStatus) {
  var names = ['PASS', 'FAIL', 'TIMEOUT', 'NOTRUN', 'PRECONDITION_FAILED'];
  tests.forEach(function (test) {
    print('WPT-RESULT ' + JSON.stringify({ name: test.name, status: names[test.status] || String(test.status),
      message: test.message }));
  });
  var harness = ['OK', 'ERROR', 'TIMEOUT', 'PRECONDITION_FAILED'];
  print('WPT-HARNESS ' + JSON.stringify({ status: harness[harnessStatus.status] || String(harnessStatus.status),
    message: harnessStatus.message }));
});
// WPT's harness leaves its timeout timer armed once the tests complete (a browser tab does not
// care); closing the page ends its event loop instead of waiting out the timer.
add_completion_callback(function () {
  window.close();
});
