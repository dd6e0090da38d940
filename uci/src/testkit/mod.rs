//! Not part of the API: tools for testing the loop, shared by the crate's tests and its
//! fuzz target.
