// An uncaught ReferenceError from the temporal dead zone ends the script with exit status 1.
print("start");
{
  print(value);
  let value = 1;
}
print("not reached");
