export const where = "nested/neighbour";
