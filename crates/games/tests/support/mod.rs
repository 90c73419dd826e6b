//! Shared by the games' integration tests.

pub mod plans;
