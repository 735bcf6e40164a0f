// Prices "arrive" asynchronously: the module awaits them at its top level, and every module
// that imports it waits until they are here.
const fetchPrices = () =>
  new Promise((resolve) => setTimeout(() => resolve({ apples: 0.4, pears: 0.55, figs: 0.9 }), 10));

export const prices = await fetchPrices();
