// ECMAScript regular expressions.
