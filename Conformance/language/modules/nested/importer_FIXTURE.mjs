export const viaIndirectEval = () => (0, eval)('import("./neighbour_FIXTURE.mjs")');
export const viaFunction = new Function('return import("./neighbour_FIXTURE.mjs")');
