print("must not run");
export const there = 1;
