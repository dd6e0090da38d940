//! joust-search: which move is best. Search and evaluation arrive with the engine issue;
//! the crate exists now so the workspace has its final shape.

#![warn(missing_docs)]
