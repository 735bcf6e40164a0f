/* The same three costs through QuickJS's C API (quickjs.h), for comparison (see run.sh). */
#include <string.h>

#include "bench.h"
#include "quickjs.h"

static JSRuntime *runtime;
static JSContext *context;
static JSValue loop, add;

static JSValue host_add(JSContext *ctx, JSValueConst this_value, int argc, JSValueConst *argv) {
  double a = 0, b = 0;
  if (argc < 2 || JS_ToFloat64(ctx, &a, argv[0]) || JS_ToFloat64(ctx, &b, argv[1])) return JS_EXCEPTION;
  return JS_NewFloat64(ctx, a + b);
}

static JSValue eval(JSContext *ctx, const char *source) {
  JSValue result = JS_Eval(ctx, source, strlen(source), "bench.js", JS_EVAL_TYPE_GLOBAL);
  if (JS_IsException(result)) fail(source);
  return result;
}

static void host_calls(long operations) {
  JSValue count = JS_NewFloat64(context, (double)operations);
  JSValue result = JS_Call(context, loop, JS_UNDEFINED, 1, &count);
  double sum = 0;
  if (JS_IsException(result) || JS_ToFloat64(context, &sum, result) || sum != operations) fail("host call loop");
  JS_FreeValue(context, result);
}

static void calls_from_c(long operations) {
  for (long i = 0; i < operations; i++) {
    JSValue arguments[2] = {JS_NewFloat64(context, (double)i), JS_NewFloat64(context, 1)};
    JSValue result = JS_Call(context, add, JS_UNDEFINED, 2, arguments);
    double sum = 0;
    if (JS_IsException(result) || JS_ToFloat64(context, &sum, result) || sum != i + 1) fail("call from C");
    JS_FreeValue(context, result);
  }
}

static void new_contexts(long operations) {
  for (long i = 0; i < operations; i++) {
    JSContext *fresh = JS_NewContext(runtime);
    if (!fresh) fail("context");
    JSValue result = eval(fresh, "1+1");
    int two = 0;
    if (JS_ToInt32(fresh, &two, result) || two != 2) fail("1+1");
    JS_FreeValue(fresh, result);
    JS_FreeContext(fresh);
  }
}

int main(void) {
  runtime = JS_NewRuntime();
  context = JS_NewContext(runtime);
  JSValue global = JS_GetGlobalObject(context);
  JS_SetPropertyStr(context, global, "hostAdd", JS_NewCFunction(context, host_add, "hostAdd", 2));
  JS_FreeValue(context, global);
  loop = eval(context, "(function (n) { let s = 0; for (let i = 0; i < n; i++) s = hostAdd(s, 1); return s; })");
  add = eval(context, "(function (a, b) { return a + b; })");
  measure("quickjs", "host function call from JS", 1000000, host_calls);
  measure("quickjs", "JS function call from C", 200000, calls_from_c);
  measure("quickjs", "new context + evaluate '1+1'", 2000, new_contexts);
  JS_FreeValue(context, loop);
  JS_FreeValue(context, add);
  JS_FreeContext(context);
  JS_FreeRuntime(runtime);
  return 0;
}
