// Importing a name the module does not export is a SyntaxError when the graph links: no
// module of the graph runs (the fixture's print never happens).
import { notThere } from "./missing-export_FIXTURE.mjs";
print(notThere);
