// The DOM binding layer. See ARCHITECTURE.md ("The DOM").
