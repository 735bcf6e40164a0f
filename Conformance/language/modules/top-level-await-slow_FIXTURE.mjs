print("slow: start");
await new Promise((resolve) => setTimeout(resolve, 5));
print("slow: end");
