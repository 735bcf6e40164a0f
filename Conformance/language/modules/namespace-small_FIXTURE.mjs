export const x = 1, y = "two";
