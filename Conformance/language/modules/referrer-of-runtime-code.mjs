// import() in code made at run time (indirect eval, new Function) resolves against the module
// that made it: nested/importer_FIXTURE.mjs imports its neighbour both ways.
import { viaIndirectEval, viaFunction } from "./nested/importer_FIXTURE.mjs";
print((await viaIndirectEval()).where, (await viaFunction()).where);
