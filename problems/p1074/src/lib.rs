//! p1074 solver library
