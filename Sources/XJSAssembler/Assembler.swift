// Assemblers and executable memory.
