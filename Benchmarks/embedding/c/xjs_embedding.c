/* The C API's costs (see run.sh): a host function called from a JS loop, a JS function called
 * from C, and a new context evaluating a tiny script. */
#include <string.h>
#include <xjs.h>

#include "bench.h"

static xjs_runtime *runtime;
static xjs_context *context;
static xjs_value *loop, *add;

static xjs_value *host_add(xjs_context *ctx, xjs_value *this_value, size_t argc, xjs_value *const *argv,
                           xjs_value *new_target, void *user_data) {
  double a = 0, b = 0;
  if (argc < 2 || xjs_value_get_number(argv[0], &a) || xjs_value_get_number(argv[1], &b)) fail("hostAdd arguments");
  return xjs_number(ctx, a + b);
}

static xjs_value *eval(xjs_context *ctx, const char *source) {
  xjs_value *result = NULL;
  if (xjs_context_eval(ctx, source, strlen(source), "bench.js", &result)) fail(source);
  return result;
}

static void host_calls(long operations) {
  xjs_value *count = xjs_number(context, (double)operations), *result = NULL;
  double sum = 0;
  if (xjs_value_call(loop, NULL, 1, &count, &result) || xjs_value_get_number(result, &sum) || sum != operations)
    fail("host call loop");
  xjs_value_release(result);
  xjs_value_release(count);
}

static void calls_from_c(long operations) {
  for (long i = 0; i < operations; i++) {
    xjs_value *arguments[2] = {xjs_number(context, (double)i), xjs_number(context, 1)}, *result = NULL;
    double sum = 0;
    if (xjs_value_call(add, NULL, 2, arguments, &result) || xjs_value_get_number(result, &sum) || sum != i + 1)
      fail("call from C");
    xjs_value_release(result);
    xjs_value_release(arguments[0]);
    xjs_value_release(arguments[1]);
  }
}

static void new_contexts(long operations) {
  for (long i = 0; i < operations; i++) {
    xjs_context *fresh = NULL;
    if (xjs_context_create(runtime, &fresh)) fail("context");
    xjs_value *result = eval(fresh, "1+1");
    double two = 0;
    if (xjs_value_get_number(result, &two) || two != 2) fail("1+1");
    xjs_value_release(result);
    xjs_context_release(fresh);
  }
}

int main(void) {
  if (xjs_runtime_create(NULL, &runtime) || xjs_context_create(runtime, &context)) fail("runtime");
  xjs_value *function = NULL, *global = xjs_context_get_global(context);
  if (xjs_function(context, "hostAdd", 2, host_add, NULL, NULL, &function) || xjs_value_set(global, "hostAdd", function))
    fail("hostAdd");
  loop = eval(context, "(function (n) { let s = 0; for (let i = 0; i < n; i++) s = hostAdd(s, 1); return s; })");
  add = eval(context, "(function (a, b) { return a + b; })");
  measure("xjs", "host function call from JS", 1000000, host_calls);
  measure("xjs", "JS function call from C", 200000, calls_from_c);
  measure("xjs", "new context + evaluate '1+1'", 2000, new_contexts);
  return 0;
}
