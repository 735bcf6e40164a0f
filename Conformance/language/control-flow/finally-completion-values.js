// Completion values through finally: a normal finally keeps the try block's value; a break out of finally carries the finally block's own value, or undefined.
print(eval('99; do { -99; try { 39 } catch (e) { -1 } finally { 42; break; -2 }; } while (false);'));
print(eval('99; do { -99; try { 39 } catch (e) { -1 } finally { break; -2 }; } while (false);'));
print(eval('99; do { -99; try { 39 } catch (e) { -1 } finally { 42; continue; -3 }; } while (false);'));
print(eval('99; do { -99; try { 39 } finally { } } while (false);'));
print(eval('99; try { 39 } finally { 42 }'));
print(eval('1; do { 2; try { 3; break; } finally { } } while (false)'));
print(eval('1; try { throw 1 } catch (e) { 5 } finally { 6 }'));
