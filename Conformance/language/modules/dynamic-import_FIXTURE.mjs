print("fixture evaluated");
export let evaluations = 1;
export default "default export";
