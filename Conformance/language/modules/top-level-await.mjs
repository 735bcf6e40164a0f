// Top-level await: modules run in post-order; a module awaiting delays only its importers,
// and its siblings start in source order (the spec's async evaluation order, as in node).
import "./top-level-await-slow_FIXTURE.mjs";
import "./top-level-await-sync_FIXTURE.mjs";
import { value } from "./top-level-await-value_FIXTURE.mjs";
print("root runs last", value);
print("root awaits itself:", await Promise.resolve("resolved"));
