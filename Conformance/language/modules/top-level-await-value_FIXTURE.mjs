print("value: start");
export const value = await Promise.resolve(42);
print("value: end");
