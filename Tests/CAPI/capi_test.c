/* Tests of the C API through include/xjs.h only, linked against libxjs.so.
 * Run by Scripts/test-c-api (which Scripts/test calls); exits non-zero on the first failure. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <xjs.h>

static int checks = 0;

#define CHECK(condition)                                                          \
  do {                                                                            \
    checks++;                                                                     \
    if (!(condition)) {                                                           \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
      exit(1);                                                                    \
    }                                                                             \
  } while (0)

/* A call that must succeed: prints the error and fails otherwise. */
#define OK(call)                                                                          \
  do {                                                                                    \
    checks++;                                                                             \
    xjs_error *ok_error_ = (call);                                                        \
    if (ok_error_) {                                                                      \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,                \
              xjs_error_get_description(ok_error_));                                      \
      exit(1);                                                                            \
    }                                                                                     \
  } while (0)

static xjs_runtime *new_runtime(const xjs_runtime_options *options) {
  xjs_runtime *runtime = NULL;
  OK(xjs_runtime_create(options, &runtime));
  CHECK(runtime != NULL);
  return runtime;
}

static xjs_context *new_context(xjs_runtime *runtime) {
  xjs_context *context = NULL;
  OK(xjs_context_create(runtime, &context));
  return context;
}

static xjs_value *eval(xjs_context *context, const char *source) {
  xjs_value *result = NULL;
  OK(xjs_context_eval(context, source, strlen(source), "test.js", &result));
  return result;
}

/* The error a script fails with (the test fails if it succeeds). */
static xjs_error *eval_error(xjs_context *context, const char *source, const char *url) {
  xjs_value *result = NULL;
  xjs_error *error = xjs_context_eval(context, source, strlen(source), url, &result);
  CHECK(error != NULL);
  CHECK(result == NULL);
  return error;
}

static double number_of(xjs_value *value) {
  double number = NAN;
  OK(xjs_value_get_number(value, &number));
  return number;
}

static int string_is(xjs_value *value, const char *expected) {
  char *text = NULL;
  size_t length = 0;
  OK(xjs_value_to_string(value, &text, &length));
  int same = length == strlen(expected) && memcmp(text, expected, length) == 0;
  if (!same) fprintf(stderr, "got \"%s\", expected \"%s\"\n", text, expected);
  xjs_free(text);
  return same;
}

static int eval_is(xjs_context *context, const char *source, const char *expected) {
  xjs_value *value = eval(context, source);
  int same = string_is(value, expected);
  xjs_value_release(value);
  return same;
}

static void set_global(xjs_context *context, const char *name, xjs_value *value) {
  xjs_value *global = xjs_context_get_global(context);
  OK(xjs_value_set(global, name, value));
  xjs_value_release(global);
}

/* ---- Lifecycle and version ---- */

static void test_version_and_lifecycle(void) {
  CHECK(xjs_version() == 100);
  CHECK(strcmp(xjs_version_string(), "0.1.0") == 0);
  xjs_runtime *runtime = new_runtime(NULL);
  xjs_context *first = new_context(runtime);
  xjs_context *second = new_context(runtime);
  CHECK(xjs_context_get_runtime(first) == runtime);
  /* Each context has its own global object; values pass between them. */
  xjs_value *array = eval(first, "globalThis.shared = [1, 2, 3]; shared");
  set_global(second, "fromFirst", array);
  CHECK(eval_is(second, "fromFirst.length + ':' + (fromFirst instanceof Array)", "3:false"));
  CHECK(eval_is(second, "typeof shared", "undefined"));
  xjs_value_release(array);
  xjs_context_release(second);
  xjs_context_release(first);
  xjs_runtime_destroy(runtime);
}

/* ---- Conversions ---- */

static void test_conversions(void) {
  xjs_runtime *runtime = new_runtime(NULL);
  xjs_context *context = new_context(runtime);

  xjs_value *number = xjs_number(context, 2.5);
  CHECK(xjs_value_get_type(number) == XJS_TYPE_NUMBER);
  CHECK(number_of(number) == 2.5);
  int32_t int32 = 0;
  xjs_value *big = xjs_number(context, 4294967298.0);
  OK(xjs_value_to_int32(big, &int32));
  CHECK(int32 == 2);

  xjs_value *text = xjs_string(context, "h\xc3\xa9llo\0x", 8); /* an embedded NUL is kept */
  CHECK(xjs_value_get_type(text) == XJS_TYPE_STRING);
  char *utf8 = NULL;
  size_t length = 0;
  OK(xjs_value_to_string(text, &utf8, &length));
  CHECK(length == 8 && memcmp(utf8, "h\xc3\xa9llo\0x", 8) == 0);
  xjs_free(utf8);

  xjs_value *yes = xjs_boolean(context, 1), *nothing = xjs_null(context), *missing = xjs_undefined(context);
  int flag = 0;
  OK(xjs_value_get_boolean(yes, &flag));
  CHECK(flag == 1);
  CHECK(xjs_value_get_type(nothing) == XJS_TYPE_NULL);
  CHECK(xjs_value_get_type(missing) == XJS_TYPE_UNDEFINED);
  xjs_error *wrong = xjs_value_get_number(text, &(double){0});
  CHECK(wrong != NULL && xjs_error_get_kind(wrong) == XJS_ERROR_EXCEPTION);
  CHECK(strcmp(xjs_error_get_name(wrong), "TypeError") == 0);
  xjs_error_release(wrong);

  /* ToNumber runs valueOf. */
  xjs_value *object = eval(context, "({ valueOf() { return 41 + 1 } })");
  double converted = 0;
  OK(xjs_value_to_number(object, &converted));
  CHECK(converted == 42);

  /* Arrays, objects, properties by name and index. */
  xjs_value *elements[] = {number, text, yes};
  xjs_value *array = xjs_array(context, 3, elements);
  CHECK(xjs_value_is_array(array));
  xjs_value *second = NULL;
  OK(xjs_value_get_index(array, 1, &second));
  CHECK(xjs_value_strict_equals(second, text));
  OK(xjs_value_set_index(array, 5, number));
  xjs_value *length_value = NULL;
  OK(xjs_value_get(array, "length", &length_value));
  CHECK(number_of(length_value) == 6);
  xjs_value *dictionary = xjs_object(context);
  OK(xjs_value_set(dictionary, "a", number));
  OK(xjs_value_set(dictionary, "b", array));
  int has = 0, deleted = 0;
  OK(xjs_value_has(dictionary, "a", &has));
  CHECK(has == 1);
  OK(xjs_value_delete(dictionary, "a", &deleted));
  CHECK(deleted == 1);
  OK(xjs_value_has(dictionary, "a", &has));
  CHECK(has == 0);
  xjs_value *keys = NULL;
  OK(xjs_value_keys(dictionary, &keys));
  CHECK(string_is(keys, "b"));

  /* Dates. */
  xjs_value *date = xjs_date(context, 86400000.0);
  CHECK(xjs_value_is_date(date));
  set_global(context, "day", date);
  CHECK(eval_is(context, "day.toISOString()", "1970-01-02T00:00:00.000Z"));
  double time = 0;
  xjs_value *now = eval(context, "new Date(2020, 0, 1, 12)");
  OK(xjs_value_get_date(now, &time));
  CHECK(time > 1.5e12);

  xjs_value *values[] = {number, big, text, yes, nothing, missing, object, array, second, length_value,
                         dictionary, keys, date, now};
  for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) xjs_value_release(values[i]);
  xjs_context_release(context);
  xjs_runtime_destroy(runtime);
}

/* ---- Host functions: user data, this, arguments, construct calls, finalizers ---- */

static int counter_finalized = 0;

static void counter_finalizer(void *user_data) {
  counter_finalized++;
  free(user_data);
}

static xjs_value *counter(xjs_context *context, xjs_value *this_value, size_t argc, xjs_value *const *argv,
                          xjs_value *new_target, void *user_data) {
  int *count = user_data;
  double step = 1;
  if (argc > 0) {
    xjs_error *error = xjs_value_to_number(argv[0], &step);
    if (error) { /* valueOf threw: rethrow what it threw */
      xjs_value *thrown = xjs_error_get_value(error);
      xjs_context_throw(context, thrown);
      xjs_value_release(thrown);
      xjs_error_release(error);
      return NULL;
    }
  }
  if (new_target) {
    xjs_context_throw_error(context, "TypeError", "counter is not a constructor");
    return NULL;
  }
  *count += (int)step;
  xjs_value *result = xjs_object(context);
  xjs_value *total = xjs_number(context, *count);
  OK(xjs_value_set(result, "count", total));
  OK(xjs_value_set(result, "self", this_value));
  xjs_value_release(total);
  return result; /* given to the engine */
}

static void test_host_functions(void) {
  xjs_runtime *runtime = new_runtime(NULL);
  xjs_context *context = new_context(runtime);
  int *count = calloc(1, sizeof *count);
  xjs_value *function = NULL;
  OK(xjs_function(context, "counter", 1, counter, count, counter_finalizer, &function));
  CHECK(xjs_value_is_function(function));
  set_global(context, "counter", function);
  CHECK(eval_is(context, "counter.name + counter.length", "counter1"));
  CHECK(eval_is(context, "counter(2).count + counter().count", "5"));
  CHECK(eval_is(context, "(() => { const o = { counter }; return o.counter().self === o })()", "true"));
  CHECK(*count == 4);
  /* Throwing from a host function: a new error, and a rethrown script value. */
  CHECK(eval_is(context, "try { new counter() } catch (e) { e instanceof TypeError && e.message }",
                "counter is not a constructor"));
  CHECK(eval_is(context, "try { counter({ valueOf() { throw 'boom' } }) } catch (e) { e }", "boom"));
  /* Calling a JS function from C. */
  xjs_value *twice = eval(context, "(function (x) { return this.base + 2 * x })");
  xjs_value *receiver = eval(context, "({ base: 100 })");
  xjs_value *argument = xjs_number(context, 21);
  xjs_value *result = NULL;
  OK(xjs_value_call(twice, receiver, 1, &argument, &result));
  CHECK(number_of(result) == 142);
  xjs_value_release(result);
  xjs_value *date_constructor = eval(context, "Date");
  xjs_value *zero = xjs_number(context, 0);
  OK(xjs_value_construct(date_constructor, 1, &zero, &result));
  CHECK(xjs_value_is_date(result));
  xjs_value *values[] = {result, zero, date_constructor, argument, receiver, twice};
  for (size_t i = 0; i < 6; i++) xjs_value_release(values[i]);
  /* The finalizer runs once the function is collected. */
  xjs_value_release(function);
  eval(context, "delete globalThis.counter; undefined");
  for (int i = 0; i < 3 && counter_finalized == 0; i++) xjs_runtime_collect_garbage(runtime);
  CHECK(counter_finalized == 1);
  xjs_context_release(context);
  xjs_runtime_destroy(runtime);
}

/* ---- Host classes, property hooks, finalizers ---- */

typedef struct point {
  double x, y;
} point;

static int points_finalized = 0;
static int class_data_finalized = 0;

static void point_finalizer(void *instance_data, void *class_user_data) {
  CHECK(strcmp(class_user_data, "class data") == 0);
  points_finalized++;
  free(instance_data);
}

static void class_data_finalizer(void *user_data) {
  CHECK(strcmp(user_data, "class data") == 0);
  class_data_finalized++;
}

static void *point_construct(xjs_context *context, size_t argc, xjs_value *const *argv, void *class_user_data) {
  point *p = calloc(1, sizeof *p);
  if (argc >= 2) {
    xjs_error *error = xjs_value_get_number(argv[0], &p->x);
    if (!error) error = xjs_value_get_number(argv[1], &p->y);
    if (error) {
      xjs_error_release(error);
      free(p);
      xjs_context_throw_error(context, "TypeError", "Point(x, y) takes numbers");
      return NULL;
    }
  }
  return p;
}

static xjs_value *point_length(xjs_context *context, void *instance_data, xjs_value *this_value, size_t argc,
                               xjs_value *const *argv, void *class_user_data) {
  point *p = instance_data;
  return xjs_number(context, sqrt(p->x * p->x + p->y * p->y));
}

/* Hooks: "x" and "y" (and indices 0 and 1) read and write the point's fields. */
static double *point_field(point *p, const char *name, uint32_t index) {
  if (name ? strcmp(name, "x") == 0 : index == 0) return &p->x;
  if (name ? strcmp(name, "y") == 0 : index == 1) return &p->y;
  return NULL;
}

static xjs_value *point_get(xjs_context *context, void *instance_data, const char *name, uint32_t index,
                            void *class_user_data) {
  double *field = point_field(instance_data, name, index);
  return field ? xjs_number(context, *field) : NULL;
}

static int point_set(xjs_context *context, void *instance_data, const char *name, uint32_t index,
                     xjs_value *value, void *class_user_data) {
  double *field = point_field(instance_data, name, index);
  if (!field) return -1;
  xjs_error *error = xjs_value_get_number(value, field);
  if (error) {
    xjs_error_release(error);
    xjs_context_throw_error(context, "TypeError", "coordinates are numbers");
  }
  return 1;
}

static int point_delete(xjs_context *context, void *instance_data, const char *name, uint32_t index,
                        void *class_user_data) {
  return point_field(instance_data, name, index) ? 0 : -1;
}

static xjs_value *point_names(xjs_context *context, void *instance_data, void *class_user_data) {
  xjs_value *x = xjs_string(context, "x", 1), *y = xjs_string(context, "y", 1);
  xjs_value *names[] = {x, y};
  xjs_value *array = xjs_array(context, 2, names);
  xjs_value_release(x);
  xjs_value_release(y);
  return array;
}

static void test_host_classes(void) {
  xjs_runtime *runtime = new_runtime(NULL);
  xjs_context *context = new_context(runtime);
  static char class_data[] = "class data";
  xjs_class_method_definition methods[] = {{"length", 0, point_length}};
  xjs_class_hooks hooks = {point_get, point_set, point_delete, point_names};
  xjs_class_definition definition = {
      .name = "Point",
      .constructor = point_construct,
      .constructor_length = 2,
      .methods = methods,
      .method_count = 1,
      .hooks = &hooks,
      .finalizer = point_finalizer,
      .user_data = class_data,
      .user_data_finalizer = class_data_finalizer,
  };
  xjs_class *point_class = NULL;
  OK(xjs_class_create(runtime, &definition, &point_class));
  xjs_value *constructor = NULL;
  OK(xjs_class_get_constructor(point_class, context, &constructor));
  set_global(context, "Point", constructor);
  CHECK(eval_is(context, "const p = new Point(3, 4); p.length()", "5"));
  CHECK(eval_is(context, "p.x = 6; p[1] = 8; [p.x, p.y, p[0], p.length()].join()", "6,8,6,10"));
  CHECK(eval_is(context, "Object.keys(p).join() + ' ' + Object.prototype.toString.call(p)", "x,y [object Point]"));
  CHECK(eval_is(context, "'use strict'; try { delete p.x; 'no' } catch (e) { e.name }", "TypeError"));
  CHECK(eval_is(context, "try { p.x = 'a' } catch (e) { e.message }", "coordinates are numbers"));
  CHECK(eval_is(context, "try { Point.prototype.length.call({}) } catch (e) { e.name }", "TypeError"));
  CHECK(eval_is(context, "try { new Point('a', 1) } catch (e) { e.message }", "Point(x, y) takes numbers"));
  /* Objects made from C carry the host's data; the brand check refuses other objects. */
  point *made = calloc(1, sizeof *made);
  made->x = 1;
  xjs_value *object = NULL;
  OK(xjs_class_new_instance(point_class, context, made, &object));
  CHECK(xjs_class_get_instance_data(point_class, object) == made);
  xjs_value *plain = xjs_object(context);
  CHECK(xjs_class_get_instance_data(point_class, plain) == NULL);
  xjs_value_release(plain);
  xjs_value_release(object);
  xjs_value_release(constructor);
  /* Finalizers run after collection; the class's data once the class is gone too. */
  eval(context, "globalThis.keep = new Point(1, 1); undefined");
  xjs_runtime_collect_garbage(runtime);
  CHECK(points_finalized == 1); /* the one made from C and dropped (p and keep stay reachable) */
  xjs_class_release(point_class);
  xjs_context_release(context);
  CHECK(class_data_finalized == 0);
  xjs_runtime_destroy(runtime);
  CHECK(points_finalized == 3);
  CHECK(class_data_finalized == 1);
}

/* ---- Exceptions with stacks, both ways ---- */

static void test_exceptions(void) {
  xjs_runtime *runtime = new_runtime(NULL);
  xjs_context *context = new_context(runtime);
  xjs_error *error = eval_error(context, "function f() {\n  null.x;\n}\nf();", "bad.js");
  CHECK(xjs_error_get_kind(error) == XJS_ERROR_EXCEPTION);
  CHECK(strcmp(xjs_error_get_name(error), "TypeError") == 0);
  CHECK(strcmp(xjs_error_get_location(error), "bad.js:2:8") == 0);
  CHECK(strstr(xjs_error_get_stack(error), "at f (bad.js:2:8)") != NULL);
  CHECK(strstr(xjs_error_get_stack(error), "bad.js:4:1") != NULL);
  xjs_value *thrown = xjs_error_get_value(error);
  CHECK(xjs_value_is_error(thrown));
  xjs_value_release(thrown);
  xjs_error_release(error);

  error = eval_error(context, "let a = ;", "syntax.js");
  CHECK(xjs_error_get_kind(error) == XJS_ERROR_SYNTAX);
  CHECK(strcmp(xjs_error_get_location(error), "syntax.js:1:9") == 0);
  CHECK(strncmp(xjs_error_get_description(error), "SyntaxError: ", 13) == 0);
  xjs_error_release(error);

  error = eval_error(context, "throw 42", "value.js");
  thrown = xjs_error_get_value(error);
  CHECK(number_of(thrown) == 42);
  xjs_value_release(thrown);
  xjs_error_release(error);
  xjs_context_release(context);
  xjs_runtime_destroy(runtime);
}

/* ---- Limits: heap, time, stack, interrupts from another thread ---- */

static int stop_requests = 0;

static int interrupt_handler(void *user_data) {
  stop_requests++;
  return *(int *)user_data;
}

static void *interrupt_later(void *runtime) {
  nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 100 * 1000 * 1000}, NULL);
  xjs_runtime_interrupt(runtime);
  return NULL;
}

/* A host function that allocates until the heap limit: the script gets a RangeError. */
static xjs_value *hoard(xjs_context *context, xjs_value *this_value, size_t argc, xjs_value *const *argv,
                        xjs_value *new_target, void *user_data) {
  xjs_value *list = xjs_array(context, 0, NULL);
  for (uint32_t i = 0; i < 2000000; i++) {
    xjs_value *item = xjs_string(context, "0123456789abcdef0123456789abcdef", 32);
    xjs_error *error = xjs_value_set_index(list, i, item);
    xjs_value_release(item);
    if (error) { /* the engine refused: pass its exception on */
      xjs_value *thrown = xjs_error_get_value(error);
      xjs_context_throw(context, thrown);
      xjs_value_release(thrown);
      xjs_error_release(error);
      break;
    }
  }
  return list;
}

static void test_limits(void) {
  xjs_runtime_options options;
  xjs_runtime_options_init(&options);
  options.heap_limit = 32u << 20;
  options.time_limit_ms = 300;
  xjs_runtime *runtime = new_runtime(&options);
  xjs_context *context = new_context(runtime);
  xjs_error *error = eval_error(context, "const a = []; for (;;) a.push({ n: a.length, s: 'x'.repeat(64) + a.length })",
                                "heap.js");
  CHECK(xjs_error_get_kind(error) == XJS_ERROR_EXCEPTION);
  CHECK(strcmp(xjs_error_get_name(error), "RangeError") == 0);
  xjs_error_release(error);
  xjs_value *hoarder = NULL;
  OK(xjs_function(context, "hoard", 0, hoard, NULL, NULL, &hoarder));
  set_global(context, "hoard", hoarder);
  xjs_value_release(hoarder);
  CHECK(eval_is(context, "try { hoard(); 'no limit' } catch (e) { e.name }", "RangeError"));
  error = eval_error(context, "for (;;) {}", "spin.js");
  CHECK(xjs_error_get_kind(error) == XJS_ERROR_TERMINATED);
  xjs_error_release(error);
  error = eval_error(context, "function r() { return r() + 1 } r()", "deep.js");
  CHECK(strcmp(xjs_error_get_name(error), "RangeError") == 0);
  xjs_error_release(error);
  CHECK(eval_is(context, "'still works'", "still works"));
  xjs_context_release(context);
  xjs_runtime_destroy(runtime);

  /* An interrupt from another thread, asked through the handler. */
  int stop = 1;
  xjs_runtime_options_init(&options);
  options.interrupt_handler = interrupt_handler;
  options.interrupt_user_data = &stop;
  runtime = new_runtime(&options);
  context = new_context(runtime);
  pthread_t thread;
  pthread_create(&thread, NULL, interrupt_later, runtime);
  error = eval_error(context, "let i = 0; for (;;) i++", "loop.js");
  pthread_join(thread, NULL);
  CHECK(xjs_error_get_kind(error) == XJS_ERROR_TERMINATED);
  CHECK(stop_requests == 1);
  xjs_error_release(error);
  xjs_context_release(context);
  xjs_runtime_destroy(runtime);
  xjs_runtime_interrupt(runtime); /* harmless once destroyed */
}

/* ---- Two runtimes on two threads ---- */

static void *run_on_thread(void *result) {
  xjs_runtime *runtime = new_runtime(NULL);
  xjs_context *context = new_context(runtime);
  xjs_value *value = eval(context, "let s = 0; for (let i = 0; i < 200000; i++) s += i % 7; s");
  *(double *)result = number_of(value);
  xjs_value_release(value);
  xjs_context_release(context);
  xjs_runtime_destroy(runtime);
  return NULL;
}

static void test_two_threads(void) {
  double first = 0, second = 0;
  pthread_t a, b;
  pthread_create(&a, NULL, run_on_thread, &first);
  pthread_create(&b, NULL, run_on_thread, &second);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  CHECK(first == 599994 && second == 599994);
}

/* ---- Promise jobs drained by the host; modules through a loader ---- */

static int loader_resolve(void *user_data, const char *specifier, const char *referrer, char **out_url,
                          char **out_message) {
  if (strcmp(specifier, "missing") == 0) {
    *out_message = strdup("no module named missing");
    return 1;
  }
  *out_url = strdup(specifier);
  return 0;
}

static int loader_load(void *user_data, const char *url, char **out_source, size_t *out_length,
                       char **out_message) {
  const char *text = strcmp(url, "lib") == 0 ? "export const answer = 6 * 7;" : "export default 1;";
  *out_source = strdup(text);
  *out_length = strlen(text);
  return 0;
}

static void test_jobs_and_modules(void) {
  xjs_runtime *runtime = new_runtime(NULL);
  xjs_context *context = new_context(runtime);
  xjs_value *promise = eval(context, "globalThis.log = []; Promise.resolve(1).then(v => log.push(v + 1)); 'sync'");
  CHECK(xjs_runtime_has_pending_jobs(runtime) == 1);
  CHECK(eval_is(context, "log.length", "0"));
  OK(xjs_runtime_run_jobs(runtime));
  CHECK(xjs_runtime_has_pending_jobs(runtime) == 0);
  CHECK(eval_is(context, "log.join()", "2"));
  xjs_value_release(promise);

  promise = eval(context, "(async () => { await null; return 'done' })()");
  xjs_value *settled = NULL;
  CHECK(xjs_value_get_promise_state(promise, &settled) == XJS_PROMISE_PENDING);
  OK(xjs_runtime_run_jobs(runtime));
  CHECK(xjs_value_get_promise_state(promise, &settled) == XJS_PROMISE_FULFILLED);
  CHECK(string_is(settled, "done"));
  xjs_value_release(settled);
  xjs_value_release(promise);

  OK(xjs_runtime_set_module_loader(runtime, loader_resolve, loader_load, NULL, NULL));
  const char *main_source = "import { answer } from 'lib'; globalThis.answer = answer;";
  OK(xjs_context_eval_module(context, "main", main_source, strlen(main_source), &promise));
  OK(xjs_runtime_run_jobs(runtime));
  CHECK(xjs_value_get_promise_state(promise, NULL) == XJS_PROMISE_FULFILLED);
  CHECK(eval_is(context, "answer", "42"));
  xjs_value_release(promise);
  CHECK(eval_is(context, "let why; import('missing').catch(e => why = e.message); 0", "0"));
  OK(xjs_runtime_run_jobs(runtime));
  CHECK(eval_is(context, "why.includes('no module named missing')", "true"));
  xjs_context_release(context);
  xjs_runtime_destroy(runtime);
}

/* ---- ArrayBuffers without copying ---- */

static int buffer_freed = 0;

static void free_buffer(void *data, void *user_data) {
  CHECK(user_data == (void *)0x1234);
  buffer_freed++;
  free(data);
}

static void test_array_buffers(void) {
  xjs_runtime *runtime = new_runtime(NULL);
  xjs_context *context = new_context(runtime);
  uint8_t *bytes = malloc(8);
  for (int i = 0; i < 8; i++) bytes[i] = (uint8_t)i;
  xjs_value *buffer = NULL, *view = NULL;
  OK(xjs_array_buffer_external(context, bytes, 8, free_buffer, (void *)0x1234, &buffer));
  OK(xjs_typed_array(context, "Uint16Array", buffer, 2, 3, &view));
  set_global(context, "view", view);
  CHECK(eval_is(context, "view.length + ':' + view.byteOffset", "3:2"));
  eval(context, "new Uint8Array(view.buffer)[7] = 99; undefined");
  CHECK(bytes[7] == 99); /* the script wrote the host's memory */
  void *data = NULL;
  size_t length = 0;
  OK(xjs_value_get_bytes(view, &data, &length));
  CHECK(data == bytes + 2 && length == 6);
  xjs_value_release(view);
  xjs_value_release(buffer);
  eval(context, "view = null; undefined");
  for (int i = 0; i < 3 && buffer_freed == 0; i++) xjs_runtime_collect_garbage(runtime);
  CHECK(buffer_freed == 1);
  xjs_value *copy = NULL;
  OK(xjs_array_buffer_copy(context, "abc", 3, &copy));
  set_global(context, "copy", copy);
  CHECK(eval_is(context, "new Uint8Array(copy).join()", "97,98,99"));
  xjs_value_release(copy);
  xjs_context_release(context);
  xjs_runtime_destroy(runtime);
}

/* ---- The allocator hook ---- */

static size_t allocated_bytes = 0, allocation_count = 0;

static void *counting_allocate(void *user_data, size_t size, size_t alignment) {
  void *memory = NULL;
  if (posix_memalign(&memory, alignment < sizeof(void *) ? sizeof(void *) : alignment, size) != 0) return NULL;
  allocated_bytes += size;
  allocation_count++;
  return memory;
}

static void counting_deallocate(void *user_data, void *memory, size_t size) {
  allocated_bytes -= size;
  free(memory);
}

static void test_allocator(void) {
  xjs_allocator allocator = {counting_allocate, counting_deallocate, NULL};
  xjs_runtime_options options;
  xjs_runtime_options_init(&options);
  options.allocator = &allocator;
  xjs_runtime *runtime = new_runtime(&options);
  xjs_context *context = new_context(runtime);
  CHECK(eval_is(context, "new Array(100000).fill(0).map((_, i) => ({ i })).length", "100000"));
  CHECK(allocation_count > 0 && allocated_bytes > 0);
  xjs_context_release(context);
  xjs_runtime_destroy(runtime);
  CHECK(allocated_bytes == 0); /* everything given back */
}

/* ---- Rooting under gc-stress: handles keep values alive across collections ---- */

static xjs_value *make_pair(xjs_context *context, xjs_value *this_value, size_t argc, xjs_value *const *argv,
                            xjs_value *new_target, void *user_data) {
  xjs_value *first = xjs_string(context, "left", 4); /* each allocation collects */
  xjs_value *second = xjs_object(context);
  OK(xjs_value_set(second, "arg", argc > 0 ? argv[0] : first));
  xjs_value *pair[] = {first, second};
  xjs_value *array = xjs_array(context, 2, pair);
  xjs_value_release(first);
  xjs_value_release(second);
  return array;
}

static void test_gc_stress(void) {
  xjs_runtime_options options;
  xjs_runtime_options_init(&options);
  options.gc_stress = 1;
  xjs_runtime *runtime = new_runtime(&options);
  xjs_context *context = new_context(runtime);
  xjs_value *function = NULL;
  OK(xjs_function(context, "makePair", 1, make_pair, NULL, NULL, &function));
  set_global(context, "makePair", function);
  xjs_value_release(function);
  xjs_value *kept = xjs_string(context, "kept across collections", 23);
  xjs_value *objects[20];
  for (int i = 0; i < 20; i++) {
    objects[i] = eval(context, "({ list: [1, 2, 3].map(x => ({ x: String(x) })) })");
  }
  CHECK(eval_is(context, "let r = ''; for (let i = 0; i < 5; i++) r += makePair('a' + i)[1].arg; r", "a0a1a2a3a4"));
  for (int i = 0; i < 20; i++) {
    xjs_value *list = NULL, *item = NULL, *x = NULL;
    OK(xjs_value_get(objects[i], "list", &list));
    OK(xjs_value_get_index(list, 2, &item));
    OK(xjs_value_get(item, "x", &x));
    CHECK(string_is(x, "3"));
    xjs_value_release(x);
    xjs_value_release(item);
    xjs_value_release(list);
    xjs_value_release(objects[i]);
  }
  CHECK(string_is(kept, "kept across collections"));
  xjs_value_release(kept);
  xjs_context_release(context);
  xjs_runtime_destroy(runtime);
}

/* ---- Misuse the API detects ---- */

static void test_misuse(void) {
  xjs_runtime *runtime = new_runtime(NULL), *other = new_runtime(NULL);
  xjs_context *context = new_context(runtime), *foreign = new_context(other);
  xjs_value *object = xjs_object(context), *stranger = xjs_object(foreign);
  xjs_error *error = xjs_value_set(object, "x", stranger); /* a value of another runtime */
  CHECK(error && xjs_error_get_kind(error) == XJS_ERROR_INVALID_ARGUMENT);
  xjs_error_release(error);
  xjs_context *released = new_context(runtime);
  xjs_context_release(released);
  CHECK(xjs_number(released, 1) == NULL); /* a released context */
  xjs_value *result = NULL;
  error = xjs_context_eval(released, "1", 1, "x.js", &result);
  CHECK(error && xjs_error_get_kind(error) == XJS_ERROR_INVALID_ARGUMENT && result == NULL);
  xjs_error_release(error);
  xjs_value *stale = xjs_number(context, 1);
  xjs_value_release(stale);
  CHECK(xjs_value_get_type(stale) == XJS_TYPE_INVALID); /* a released value */
  xjs_value_release(stale);                           /* twice: ignored */
  error = xjs_value_call(object, NULL, 0, NULL, &result); /* not a function: the script's TypeError */
  CHECK(error && strcmp(xjs_error_get_name(error), "TypeError") == 0);
  xjs_error_release(error);
  xjs_runtime_options options;
  memset(&options, 0, sizeof options); /* not initialized */
  xjs_runtime *never = NULL;
  error = xjs_runtime_create(&options, &never);
  CHECK(error && xjs_error_get_kind(error) == XJS_ERROR_INVALID_ARGUMENT && never == NULL);
  xjs_error_release(error);
  xjs_value_release(stranger);
  xjs_context_release(foreign);
  xjs_runtime_destroy(other);
  /* Handles of a destroyed runtime: calls fail, nothing crashes. */
  xjs_runtime_destroy(runtime);
  CHECK(xjs_value_get_type(object) == XJS_TYPE_INVALID);
  error = xjs_context_eval(context, "1", 1, "x.js", &result);
  CHECK(error != NULL);
  xjs_error_release(error);
  xjs_value_release(object);
  xjs_context_release(context);
}

/* ---- Content processes ---- */

static atomic_int content_interruptions;
static atomic_int content_last_reason;
static atomic_int content_last_code;

static void on_content_interruption(void *user_data, int pid, xjs_content_interruption_reason reason,
                                    int code, const char *description) {
  CHECK(user_data == &content_interruptions && pid > 0 && description != NULL && description[0] != 0);
  atomic_store(&content_last_reason, (int)reason);
  atomic_store(&content_last_code, code);
  atomic_fetch_add(&content_interruptions, 1);
}

static void wait_for_interruptions(int count) {
  for (int i = 0; i < 1000 && atomic_load(&content_interruptions) < count; i++) nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 10 * 1000 * 1000}, NULL);
  CHECK(atomic_load(&content_interruptions) == count);
}

static void test_content_processes(void) {
  char directory[] = "/tmp/xjs-capi-content-XXXXXX";
  CHECK(mkdtemp(directory) != NULL);
  char page[256];
  snprintf(page, sizeof page, "%s/page.html", directory);
  FILE *file = fopen(page, "w");
  CHECK(file != NULL);
  fputs("<ul><li>one</li></ul><button id=b>add</button><script>console.log('loaded');"
        "document.getElementById('b').onclick = () => { document.querySelector('ul').append("
        "Object.assign(document.createElement('li'), {textContent: 'two'})); console.error('clicked'); };"
        "</script>", file);
  fclose(file);

  xjs_content_policy policy;
  xjs_content_policy_init(&policy);
  policy.allow_jit = 0;
  policy.task_time_limit_ms = 500;
  xjs_content_process *process = NULL;
  OK(xjs_content_launch(&policy, &process));
  CHECK(xjs_content_get_pid(process) > 0);
  int jit = 1, mdwe = 0, sandboxed = 0;
  char *jit_status = NULL;
  OK(xjs_content_get_status(process, &jit, &mdwe, &sandboxed, &jit_status));
  CHECK(jit == 0 && mdwe == 1 && sandboxed == 1 && strstr(jit_status, "PR_SET_MDWE") != NULL);
  xjs_free(jit_status);

  xjs_content_outcome outcome = XJS_CONTENT_FAILED;
  char *text = NULL;
  OK(xjs_content_load_page(process, page, &outcome, &text));
  CHECK(outcome == XJS_CONTENT_VALUE);
  xjs_free(text);
  OK(xjs_content_dispatch_event(process, "click", "#b", &outcome, &text));
  CHECK(outcome == XJS_CONTENT_VALUE && strcmp(text, "true") == 0);
  xjs_free(text);
  OK(xjs_content_evaluate(process, "document.querySelectorAll('li').length", NULL, &outcome, &text));
  CHECK(outcome == XJS_CONTENT_VALUE && strcmp(text, "2") == 0);
  xjs_free(text);
  OK(xjs_content_evaluate(process, "null.x", "host.js", &outcome, &text));
  CHECK(outcome == XJS_CONTENT_EXCEPTION && strstr(text, "TypeError") != NULL);
  xjs_free(text);
  OK(xjs_content_get_document(process, &text));
  CHECK(strstr(text, "<li>two</li>") != NULL);
  xjs_free(text);
  char *out = NULL, *err = NULL;
  OK(xjs_content_take_console(process, &out, &err));
  CHECK(strcmp(out, "loaded\n") == 0 && strcmp(err, "clicked\n") == 0);
  xjs_free(out);
  xjs_free(err);
  OK(xjs_content_get_witness_log(process, &text));
  CHECK(strstr(text, "REFUSED") != NULL);
  xjs_free(text);

  /* A page that loops forever: the request fails, the handler hears the time limit. */
  OK(xjs_content_set_interruption_handler(process, on_content_interruption, &content_interruptions, NULL));
  xjs_error *error = xjs_content_evaluate(process, "for (;;) {}", NULL, &outcome, &text);
  CHECK(error != NULL && xjs_error_get_kind(error) == XJS_ERROR_CONTENT_PROCESS);
  CHECK(strstr(xjs_error_get_message(error), "time limit") != NULL);
  xjs_error_release(error);
  wait_for_interruptions(1);
  CHECK(atomic_load(&content_last_reason) == XJS_CONTENT_EXCEEDED_TIME_LIMIT);

  /* Relaunched, then killed from outside. */
  OK(xjs_content_relaunch(process));
  OK(xjs_content_evaluate(process, "6 * 7", NULL, &outcome, &text));
  CHECK(strcmp(text, "42") == 0);
  xjs_free(text);
  kill(xjs_content_get_pid(process), SIGKILL);
  wait_for_interruptions(2);
  CHECK(atomic_load(&content_last_reason) == XJS_CONTENT_KILLED && atomic_load(&content_last_code) == SIGKILL);

  /* A released handle is refused, not used. */
  xjs_content_release(process);
  error = xjs_content_evaluate(process, "1", NULL, &outcome, &text);
  CHECK(error != NULL && xjs_error_get_kind(error) == XJS_ERROR_INVALID_ARGUMENT && text == NULL);
  xjs_error_release(error);
  CHECK(xjs_content_get_pid(process) == 0);
  remove(page);
  rmdir(directory);
}

int main(void) {
  test_version_and_lifecycle();
  test_conversions();
  test_host_functions();
  test_host_classes();
  test_exceptions();
  test_limits();
  test_two_threads();
  test_jobs_and_modules();
  test_array_buffers();
  test_allocator();
  test_gc_stress();
  test_misuse();
  test_content_processes();
  printf("C API: %d checks passed\n", checks);
  return 0;
}
