print("sync: runs before slow ends");
Promise.resolve().then(() => print("sync: a job runs while slow waits"));
