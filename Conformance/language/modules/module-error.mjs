// An exception in a module body is an uncaught exception of the run (exit status 1).
import "./module-error_FIXTURE.mjs";
print("not reached");
