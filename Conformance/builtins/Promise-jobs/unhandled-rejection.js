// A promise still rejected with no handler once the job queue is drained ends the run with
// "Uncaught (in promise)" and status 1; one handled later in the same drain is not reported.
var handledLate = Promise.reject(new Error("handled in a later job"));
Promise.resolve().then(function () { return null; }).then(function () {
  handledLate.catch(function (e) { print("caught:", e.message); });
});
print("script end");
new Promise(function (resolve, reject) { reject(new Error("boom")); });
setTimeout(function () { print("never printed"); }, 0);
