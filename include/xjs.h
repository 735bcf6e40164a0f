/*
 * xjs.h: the C API of the xjs JavaScript engine (C, C++ and Objective-C).
 *
 * Build and link (see README.md, "C API"):
 *   Scripts/build-c-library      # .build/c/lib/libxjs.so and .build/c/include/xjs.h
 *   cc prog.c -I.build/c/include -L.build/c/lib -lxjs -Wl,-rpath,$PWD/.build/c/lib -o prog
 *
 * HANDLES. Every type is an opaque handle. Handles are checked: a handle that was released, or a
 * value used with a context of another runtime, makes the call fail with
 * XJS_ERROR_INVALID_ARGUMENT instead of touching freed memory.
 *
 * OWNERSHIP: what a function returns, its caller owns; what a caller passes, it only lends.
 *   - Every xjs_value *, xjs_error *, xjs_context *, xjs_class * or char * you receive, as a
 *     result or through an out-parameter, is yours: release it with xjs_value_release,
 *     xjs_error_release, xjs_context_release, xjs_class_release or xjs_free.
 *   - No function consumes a handle you pass it.
 *   - Host callbacks are the mirror image: the handles the engine passes to them are lent for the
 *     duration of the call (xjs_value_retain keeps one longer), and the value a host function
 *     returns is given to the engine.
 *
 * ERRORS. A function that can fail returns an xjs_error * (NULL on success) and writes its result
 * through an out-parameter (left NULL on failure). Nothing longjmps or aborts through host frames.
 * Functions that cannot fail on valid handles (type queries, primitive constructors) return their
 * result directly, with a documented neutral answer (0, NULL) for an invalid handle.
 *
 * THREADS. A runtime and everything made in it (contexts, values, classes, errors' values) is used
 * by one thread at a time; the host may move a runtime between threads when no call is running.
 * Only xjs_runtime_interrupt may be called from any thread at any time. Separate runtimes are
 * independent and may run on separate threads at once. xjs_version* and xjs_free may be called
 * from any thread. Each handle type's declaration below repeats its rule.
 *
 * CALLBACKS. Every callback takes a void *user_data the host chose, and every registration that
 * stores a callback takes a finalizer (may be NULL) called with that user_data once the engine
 * drops the callback. Finalizers run while the collector sweeps or the runtime is destroyed:
 * they must not call into the runtime.
 *
 * The API uses no macros, no inline functions and no variadic functions, so it can be bound from
 * Swift, libffi and other FFIs.
 */
#ifndef XJS_H
#define XJS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ----------------------------------------------------------------------------- */

/* The library's version as major * 10000 + minor * 100 + patch. */
uint32_t xjs_version(void);
/* The library's version as text ("0.1.0"), a static string. */
const char *xjs_version_string(void);

/* ---- Handles ----------------------------------------------------------------------------- */

/* A virtual machine: heap, contexts, job queue. Threads: one at a time; only
 * xjs_runtime_interrupt from any thread, at any time. */
typedef struct xjs_runtime xjs_runtime;
/* A global object and its realm in a runtime. Threads: its runtime's thread only. */
typedef struct xjs_context xjs_context;
/* A JavaScript value, kept alive while the handle lives. Threads: its runtime's thread only
 * (creating, using and releasing it). */
typedef struct xjs_value xjs_value;
/* Why a call failed. Threads: read and release it on its runtime's thread (its texts may be
 * read anywhere; once the runtime is destroyed, the error may be released on any thread). */
typedef struct xjs_error xjs_error;
/* A class of host objects carrying host data. Threads: its runtime's thread only. */
typedef struct xjs_class xjs_class;

/* Frees memory the API returned as char * (strings), from any thread. NULL is ignored. */
void xjs_free(void *pointer);

/* ---- Errors ------------------------------------------------------------------------------ */

typedef enum xjs_error_kind {
  XJS_ERROR_EXCEPTION = 1,        /* the script threw a value (xjs_error_value gives it) */
  XJS_ERROR_SYNTAX = 2,           /* the source text is not valid JavaScript */
  XJS_ERROR_TERMINATED = 3,       /* the time limit passed, or an interrupt stopped the script */
  XJS_ERROR_DESTROYED = 4,        /* the runtime the handle belongs to has been destroyed */
  XJS_ERROR_INVALID_ARGUMENT = 5, /* a released or foreign handle, a NULL, an invalid option */
  XJS_ERROR_CONTENT_PROCESS = 6,  /* a content process could not start, or ended (see below) */
} xjs_error_kind;

xjs_error_kind xjs_error_get_kind(const xjs_error *error);
/* The error's name ("TypeError", "SyntaxError", ...; "" for a thrown non-error value). The
 * strings below stay valid until the error is released. */
const char *xjs_error_get_name(const xjs_error *error);
const char *xjs_error_get_message(const xjs_error *error);
/* Where it was thrown, "file:line:col", or NULL when unknown. */
const char *xjs_error_get_location(const xjs_error *error);
/* The JavaScript stack ("Name: message" and one "    at ..." line per frame), or NULL. */
const char *xjs_error_get_stack(const xjs_error *error);
/* "Name: message at file:line:col" or the stack: a line to print. */
const char *xjs_error_get_description(const xjs_error *error);
/* The thrown value (a new reference), or NULL when the error is not an exception. */
xjs_value *xjs_error_get_value(const xjs_error *error);
void xjs_error_release(xjs_error *error);

/* ---- Runtimes ---------------------------------------------------------------------------- */

typedef enum xjs_jit_mode {
  XJS_JIT_AUTO = 0,  /* tiered: interpret first, compile hot code (interpreter if refused) */
  XJS_JIT_OFF = 1,   /* interpreter only: no executable memory is ever mapped */
  XJS_JIT_EAGER = 2, /* compile every function before its first run */
} xjs_jit_mode;

/* Asked on the runtime's thread at the next safe point after xjs_runtime_interrupt: return
 * nonzero to stop the running script (XJS_ERROR_TERMINATED), zero to let it go on. */
typedef int (*xjs_interrupt_handler)(void *user_data);

/* The garbage-collected heap's memory (its blocks and large cells) comes from here when set.
 * allocate returns memory aligned to `alignment` (a power of two) or NULL; deallocate receives
 * the size that was allocated. Called on the runtime's thread. */
typedef struct xjs_allocator {
  void *(*allocate)(void *user_data, size_t size, size_t alignment);
  void (*deallocate)(void *user_data, void *pointer, size_t size);
  void *user_data;
} xjs_allocator;

/* Settings fixed when a runtime is created. Fill with xjs_runtime_options_init, then change. */
typedef struct xjs_runtime_options {
  uint32_t struct_size;    /* sizeof(xjs_runtime_options), set by xjs_runtime_options_init */
  xjs_jit_mode jit;        /* default XJS_JIT_AUTO */
  uint64_t heap_limit;     /* bytes; past it scripts get a RangeError; default 2 GiB */
  uint64_t stack_size;     /* bytes of JavaScript stack; past it a RangeError; default 8 MiB */
  uint32_t max_reentry_depth; /* host/builtin/super() re-entries into JS before a RangeError (sooner if the thread's stack runs low); 20000 */
  uint64_t time_limit_ms;  /* wall-clock limit per entry from the host; 0 = none */
  xjs_interrupt_handler interrupt_handler; /* NULL: an interrupt always stops the script */
  void *interrupt_user_data;
  void (*interrupt_finalizer)(void *user_data); /* called when the runtime is destroyed */
  const xjs_allocator *allocator; /* NULL: the system allocator; copied at creation */
  int gc_stress;           /* nonzero: collect at every allocation (finds rooting bugs; slow) */
} xjs_runtime_options;

void xjs_runtime_options_init(xjs_runtime_options *options);
/* options may be NULL (the defaults). */
xjs_error *xjs_runtime_create(const xjs_runtime_options *options, xjs_runtime **out_runtime);
/* Destroys the runtime: host objects left are finalized, and every handle of it still held
 * becomes invalid (calls with it fail with XJS_ERROR_DESTROYED or XJS_ERROR_INVALID_ARGUMENT;
 * releasing it is still allowed). Must not be called from inside a callback of the runtime. */
void xjs_runtime_destroy(xjs_runtime *runtime);
/* Asks the running script to stop. Any thread; harmless once the runtime is destroyed. */
void xjs_runtime_interrupt(xjs_runtime *runtime);
void xjs_runtime_collect_garbage(xjs_runtime *runtime);
/* Bytes the heap holds, as of the last allocation (0 for an invalid handle). */
uint64_t xjs_runtime_heap_size(xjs_runtime *runtime);
/* 1 when the JIT is in use (0 when off, or when the system refused executable memory). */
int xjs_runtime_is_jit_enabled(xjs_runtime *runtime);
/* Runs queued promise jobs (and those they queue) until none is left. */
xjs_error *xjs_runtime_run_jobs(xjs_runtime *runtime);
/* Runs jobs and timers until no work is left, waiting for timers not yet due. */
xjs_error *xjs_runtime_run_event_loop(xjs_runtime *runtime);
/* 1 when promise jobs are queued, 0 otherwise. */
int xjs_runtime_has_pending_jobs(xjs_runtime *runtime);
/* 1 when jobs or timers are waiting, 0 otherwise. */
int xjs_runtime_has_pending_work(xjs_runtime *runtime);

/* How modules are found (the default reads files: paths and file: URLs). resolve writes a
 * malloc'd NUL-terminated URL to *out_url; load writes malloc'd UTF-8 text and its length to
 * *out_source / *out_length; both return 0 on success, or nonzero with an optional malloc'd
 * message in *out_message (the import is rejected with a TypeError carrying it). The engine
 * frees what they return with free(). referrer is NULL for the root module. */
typedef int (*xjs_module_resolve)(void *user_data, const char *specifier, const char *referrer,
                                  char **out_url, char **out_message);
typedef int (*xjs_module_load)(void *user_data, const char *url, char **out_source,
                               size_t *out_length, char **out_message);
xjs_error *xjs_runtime_set_module_loader(xjs_runtime *runtime, xjs_module_resolve resolve,
                                         xjs_module_load load, void *user_data,
                                         void (*finalizer)(void *user_data));

/* ---- Contexts ---------------------------------------------------------------------------- */

/* A new context: its own global object and built-ins, sharing the runtime's heap (values pass
 * freely between contexts of one runtime). */
xjs_error *xjs_context_create(xjs_runtime *runtime, xjs_context **out_context);
/* Releases the context handle; its realm lives on while its objects are reachable. */
void xjs_context_release(xjs_context *context);
/* The runtime the context belongs to (borrowed: not to be destroyed through this pointer twice). */
xjs_runtime *xjs_context_get_runtime(xjs_context *context);

/* Runs a script (UTF-8, `length` bytes) and gives its completion value (out_result may be
 * NULL). A syntax error is XJS_ERROR_SYNTAX with file:line:col; an uncaught exception
 * XJS_ERROR_EXCEPTION with the thrown value and its stack. */
xjs_error *xjs_context_eval(xjs_context *context, const char *source, size_t length,
                            const char *source_url, xjs_value **out_result);
/* Loads, links and evaluates the module graph rooted at `url` through the runtime's module
 * loader (source NULL: loaded too). Gives the evaluation's promise, which settles as jobs run. */
xjs_error *xjs_context_eval_module(xjs_context *context, const char *url, const char *source,
                                   size_t length, xjs_value **out_promise);
/* The global object (a new reference; NULL for an invalid context). */
xjs_value *xjs_context_get_global(xjs_context *context);

/* ---- Values ------------------------------------------------------------------------------ */

typedef enum xjs_type {
  XJS_TYPE_INVALID = 0, /* an invalid handle */
  XJS_TYPE_UNDEFINED = 1,
  XJS_TYPE_NULL = 2,
  XJS_TYPE_BOOLEAN = 3,
  XJS_TYPE_NUMBER = 4,
  XJS_TYPE_STRING = 5,
  XJS_TYPE_SYMBOL = 6,
  XJS_TYPE_BIGINT = 7,
  XJS_TYPE_OBJECT = 8, /* functions too: see xjs_value_is_function */
} xjs_type;

/* A second reference to the same value (NULL for an invalid handle). */
xjs_value *xjs_value_retain(xjs_value *value);
void xjs_value_release(xjs_value *value);

/* Primitive and object constructors: a new reference, NULL only for an invalid context. */
xjs_value *xjs_undefined(xjs_context *context);
xjs_value *xjs_null(xjs_context *context);
xjs_value *xjs_boolean(xjs_context *context, int value);
xjs_value *xjs_number(xjs_context *context, double value);
/* UTF-8 text of `length` bytes (ill-formed sequences become U+FFFD). */
xjs_value *xjs_string(xjs_context *context, const char *utf8, size_t length);
xjs_value *xjs_object(xjs_context *context);
xjs_value *xjs_array(xjs_context *context, size_t count, xjs_value *const *elements);
/* new TypeError(message) for name "TypeError" (and the other built-in error names); any other
 * name makes an Error whose `name` is that name. */
xjs_value *xjs_error_object(xjs_context *context, const char *name, const char *message);
xjs_value *xjs_date(xjs_context *context, double milliseconds_since_1970);

xjs_type xjs_value_get_type(xjs_value *value);
int xjs_value_is_array(xjs_value *value);
int xjs_value_is_function(xjs_value *value);
int xjs_value_is_constructor(xjs_value *value);
int xjs_value_is_error(xjs_value *value);
int xjs_value_is_promise(xjs_value *value);
int xjs_value_is_date(xjs_value *value);
/* 1 when a and b are the same value (===), 0 otherwise. */
int xjs_value_strict_equals(xjs_value *a, xjs_value *b);

/* Exact reads: 0 with the value in *out when the value has that type, else an error. */
xjs_error *xjs_value_get_boolean(xjs_value *value, int *out);
xjs_error *xjs_value_get_number(xjs_value *value, double *out);
/* The language's conversions, which may run script code (valueOf, toString). */
int xjs_value_to_boolean(xjs_value *value);
xjs_error *xjs_value_to_number(xjs_value *value, double *out);
xjs_error *xjs_value_to_int32(xjs_value *value, int32_t *out);
/* ToString as malloc'd NUL-terminated UTF-8 (free with xjs_free); out_length may be NULL
 * (lone surrogates become U+FFFD; an embedded U+0000 is kept, so use the length). */
xjs_error *xjs_value_to_string(xjs_value *value, char **out_utf8, size_t *out_length);
/* A Date's time in milliseconds since 1970 (NaN for an invalid date); an error otherwise. */
xjs_error *xjs_value_get_date(xjs_value *value, double *out_milliseconds);

/* Properties (getters and setters run; a refused store is a TypeError, as in strict code). */
xjs_error *xjs_value_get(xjs_value *object, const char *name, xjs_value **out_value);
xjs_error *xjs_value_set(xjs_value *object, const char *name, xjs_value *value);
xjs_error *xjs_value_get_index(xjs_value *object, uint32_t index, xjs_value **out_value);
xjs_error *xjs_value_set_index(xjs_value *object, uint32_t index, xjs_value *value);
xjs_error *xjs_value_has(xjs_value *object, const char *name, int *out_has);
/* *out_deleted (may be NULL) is 0 when the property is not configurable. */
xjs_error *xjs_value_delete(xjs_value *object, const char *name, int *out_deleted);
/* Object.keys as an array value. */
xjs_error *xjs_value_keys(xjs_value *object, xjs_value **out_array);

/* Calls: this_value NULL means undefined. */
xjs_error *xjs_value_call(xjs_value *function, xjs_value *this_value, size_t argc,
                          xjs_value *const *argv, xjs_value **out_result);
xjs_error *xjs_value_construct(xjs_value *constructor, size_t argc, xjs_value *const *argv,
                               xjs_value **out_result);

typedef enum xjs_promise_state {
  XJS_PROMISE_NOT_A_PROMISE = 0,
  XJS_PROMISE_PENDING = 1,
  XJS_PROMISE_FULFILLED = 2,
  XJS_PROMISE_REJECTED = 3,
} xjs_promise_state;

/* The state of a promise; *out_result (may be NULL) gets its value or reason once settled. */
xjs_promise_state xjs_value_get_promise_state(xjs_value *promise, xjs_value **out_result);

/* ---- Host functions ---------------------------------------------------------------------- */

/* One call of a host function. this_value and argv[0..argc) are lent for the call; new_target
 * is NULL for a plain call. Return the result (given to the engine; NULL means undefined), or
 * call xjs_context_throw* and return NULL to throw. */
typedef xjs_value *(*xjs_host_function)(xjs_context *context, xjs_value *this_value,
                                        size_t argc, xjs_value *const *argv,
                                        xjs_value *new_target, void *user_data);

/* A JavaScript function calling `callback` with `user_data`; `finalizer` (may be NULL) runs
 * with user_data once the function object is collected or the runtime destroyed. */
xjs_error *xjs_function(xjs_context *context, const char *name, uint32_t length,
                        xjs_host_function callback, void *user_data,
                        void (*finalizer)(void *user_data), xjs_value **out_function);

/* Inside a host function: makes its call throw `value` (the host function then returns NULL).
 * Also usable from a property hook. */
void xjs_context_throw(xjs_context *context, xjs_value *value);
/* Throws a new error (names as for xjs_error_object). */
void xjs_context_throw_error(xjs_context *context, const char *name, const char *message);

/* ---- Host classes ------------------------------------------------------------------------ */

/* Property hooks make exotic host objects (named and indexed properties decided by the host).
 * `name` is the property name in UTF-8, or NULL for an array index given in `index`.
 * get: return a new value to provide the property, or NULL for "not the host's" (the object
 *      then behaves as an ordinary object for that name);
 * set: return 1 (stored), 0 (refused: a TypeError in strict code) or -1 (not the host's);
 * delete: as set; names: the names the host provides, as an array value (or NULL).
 * Throwing from a hook (xjs_context_throw*) throws from the property access. */
typedef struct xjs_class_hooks {
  xjs_value *(*get)(xjs_context *context, void *instance_data, const char *name, uint32_t index,
                    void *class_user_data);
  int (*set)(xjs_context *context, void *instance_data, const char *name, uint32_t index,
             xjs_value *value, void *class_user_data);
  int (*delete_property)(xjs_context *context, void *instance_data, const char *name,
                         uint32_t index, void *class_user_data);
  xjs_value *(*names)(xjs_context *context, void *instance_data, void *class_user_data);
} xjs_class_hooks;

/* Makes the instance data of `new Name(...)`: return the data (not NULL), or throw and return
 * NULL. Without a constructor, `new Name()` throws "Illegal constructor". */
typedef void *(*xjs_class_constructor)(xjs_context *context, size_t argc, xjs_value *const *argv,
                                       void *class_user_data);
/* A method on the class's prototype, called with the instance data of `this` (a call on
 * another object throws a TypeError before reaching the callback). */
typedef xjs_value *(*xjs_class_method)(xjs_context *context, void *instance_data,
                                       xjs_value *this_value, size_t argc,
                                       xjs_value *const *argv, void *class_user_data);

typedef struct xjs_class_method_definition {
  const char *name;
  uint32_t length;
  xjs_class_method method;
} xjs_class_method_definition;

typedef struct xjs_class_definition {
  const char *name;                  /* the constructor's name and the @@toStringTag */
  xjs_class_constructor constructor; /* may be NULL */
  uint32_t constructor_length;
  const xjs_class_method_definition *methods; /* method_count entries, copied */
  size_t method_count;
  const xjs_class_hooks *hooks;      /* may be NULL; copied */
  /* Runs with an instance's data once its object is collected (or the runtime destroyed). */
  void (*finalizer)(void *instance_data, void *class_user_data);
  void *user_data;                   /* passed to every callback of the class */
  /* Runs with user_data once the class is released and no object of it is left. */
  void (*user_data_finalizer)(void *user_data);
} xjs_class_definition;

xjs_error *xjs_class_create(xjs_runtime *runtime, const xjs_class_definition *definition,
                            xjs_class **out_class);
void xjs_class_release(xjs_class *class_handle);
/* The class's constructor in a context (made on first use, then the same object). */
xjs_error *xjs_class_get_constructor(xjs_class *class_handle, xjs_context *context,
                                     xjs_value **out_constructor);
/* A new object of the class in `context` carrying `instance_data` (finalized as above). */
xjs_error *xjs_class_new_instance(xjs_class *class_handle, xjs_context *context,
                                  void *instance_data, xjs_value **out_object);
/* The instance data of an object of the class, or NULL for any other value (the brand check). */
void *xjs_class_get_instance_data(xjs_class *class_handle, xjs_value *value);

/* ---- ArrayBuffers and typed arrays ------------------------------------------------------- */

/* An ArrayBuffer over `length` bytes the host owns at `data`, not copied. `deallocator` (may be
 * NULL) runs with (data, user_data) once the buffer is collected, detached or its runtime
 * destroyed; until then the memory must stay valid. */
xjs_error *xjs_array_buffer_external(xjs_context *context, void *data, size_t length,
                                     void (*deallocator)(void *data, void *user_data),
                                     void *user_data, xjs_value **out_buffer);
/* A new ArrayBuffer holding a copy of `length` bytes. */
xjs_error *xjs_array_buffer_copy(xjs_context *context, const void *data, size_t length,
                                 xjs_value **out_buffer);
/* A typed array ("Uint8Array", "Float64Array", ...) of `length` elements over `buffer`. */
xjs_error *xjs_typed_array(xjs_context *context, const char *kind, xjs_value *buffer,
                           size_t byte_offset, size_t length, xjs_value **out_array);
/* The bytes an ArrayBuffer, typed array or DataView sees, not copied: valid until script code
 * runs again. An error for other values and detached buffers. */
xjs_error *xjs_value_get_bytes(xjs_value *value, void **out_data, size_t *out_length);

/* ---- Content processes ------------------------------------------------------------------- */

/* A page in a sandboxed `xjs content` process the host launched (README.md, "Content
 * processes"): the engine and the DOM run there, behind a socketpair, under a policy fixed at
 * launch. Requests are synchronous. Threads: one thread at a time per handle; the
 * interruption handler runs on a thread of its own. */
typedef struct xjs_content_process xjs_content_process;

typedef struct xjs_content_policy {
  uint32_t struct_size;          /* sizeof(xjs_content_policy), set by xjs_content_policy_init */
  int allow_jit;                 /* default 1; 0: the kernel refuses executable memory (PR_SET_MDWE) */
  uint64_t heap_limit;           /* bytes; reaching it stops the page; default 256 MiB */
  uint64_t task_time_limit_ms;   /* per task (a script, an event, a timer); 0 = none; default 10000 */
  /* NULL-terminated list of directories the page may load scripts from; NULL: the page's own */
  const char *const *readable_directories;
  /* the xjs executable; NULL: $XJS_EXECUTABLE, then an xjs beside the host, then xjs on PATH */
  const char *executable_path;
  int lock_down;                 /* default 1: the seccomp filter after set-up */
} xjs_content_policy;

typedef enum xjs_content_interruption_reason {
  XJS_CONTENT_EXCEEDED_TIME_LIMIT = 1,
  XJS_CONTENT_EXCEEDED_HEAP_LIMIT = 2,
  XJS_CONTENT_SANDBOX_VIOLATION = 3, /* killed by the seccomp filter (SIGSYS) */
  XJS_CONTENT_KILLED = 4,            /* a signal from outside; `code` is the signal */
  XJS_CONTENT_CRASHED = 5,           /* `code` is the signal */
  XJS_CONTENT_PROTOCOL_VIOLATION = 6,
  XJS_CONTENT_SETUP_FAILED = 7,
  XJS_CONTENT_EXITED = 8,            /* `code` is the exit status */
} xjs_content_interruption_reason;

/* Called once when the process ends without the host asking (not for xjs_content_terminate),
 * on a thread of its own; `description` is valid during the call. */
typedef void (*xjs_content_interruption_handler)(void *user_data, int pid,
                                                 xjs_content_interruption_reason reason, int code,
                                                 const char *description);

/* How a request that runs page code ended. */
typedef enum xjs_content_outcome {
  XJS_CONTENT_VALUE = 0,        /* the text is the value (as console.log shows it) */
  XJS_CONTENT_EXCEPTION = 1,    /* the text is the uncaught error and its stack */
  XJS_CONTENT_SYNTAX_ERROR = 2,
  XJS_CONTENT_FAILED = 3,       /* the request could not be done (no such element, ...) */
} xjs_content_outcome;

void xjs_content_policy_init(xjs_content_policy *policy);
/* Launches a content process and completes the handshake. policy may be NULL (the defaults). */
xjs_error *xjs_content_launch(const xjs_content_policy *policy, xjs_content_process **out_process);
/* Sets (or with NULL clears) the interruption handler; finalizer (may be NULL) runs with the
 * previous user_data when it is replaced or the process handle released. */
xjs_error *xjs_content_set_interruption_handler(xjs_content_process *process,
                                                xjs_content_interruption_handler handler,
                                                void *user_data, void (*finalizer)(void *user_data));
/* Loads the HTML file at path and runs its scripts. out_text (may be NULL) gets the text. */
xjs_error *xjs_content_load_page(xjs_content_process *process, const char *path,
                                 xjs_content_outcome *out_outcome, char **out_text);
xjs_error *xjs_content_evaluate(xjs_content_process *process, const char *source,
                                const char *source_url, xjs_content_outcome *out_outcome,
                                char **out_text);
/* A trusted event at the first element the selector matches ("window", "document" too); the
 * text is "true" when no listener canceled it. */
xjs_error *xjs_content_dispatch_event(xjs_content_process *process, const char *type,
                                      const char *selector, xjs_content_outcome *out_outcome,
                                      char **out_text);
/* Runs the page's timers until none is left or `milliseconds` pass: "idle" or "busy". */
xjs_error *xjs_content_settle(xjs_content_process *process, uint32_t milliseconds, char **out_text);
/* The serialized document. */
xjs_error *xjs_content_get_document(xjs_content_process *process, char **out_html);
/* The console output since the last call: standard output lines and standard error lines,
 * each line ending in a newline. Either pointer may be NULL. */
xjs_error *xjs_content_take_console(xjs_content_process *process, char **out_stdout,
                                    char **out_stderr);
/* The process's status: JIT in use, MDWE on, sandbox on, and the JIT's mode and why. */
xjs_error *xjs_content_get_status(xjs_content_process *process, int *out_jit_enabled,
                                  int *out_mdwe, int *out_sandboxed, char **out_jit_status);
/* The JIT's witness log in the content process, one record per line. */
xjs_error *xjs_content_get_witness_log(xjs_content_process *process, char **out_log);
/* The process id (of the last process, after it ended); 0 for an invalid handle. */
int xjs_content_get_pid(xjs_content_process *process);
/* Ends the process if it runs and launches a new one with the same policy. */
xjs_error *xjs_content_relaunch(xjs_content_process *process);
/* Ends the process (no interruption is reported). The handle stays valid for relaunch. */
void xjs_content_terminate(xjs_content_process *process);
/* Terminates the process and frees the handle. */
void xjs_content_release(xjs_content_process *process);

#ifdef __cplusplus
}
#endif

#endif /* XJS_H */
