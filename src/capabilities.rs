//! The engine's capabilities: rule modules that data switches on by name (a kind
//! or attribute says `capability big-top`, a figure `capability ringmaster`).
//! The table is the engine's registry of rule modules
//! ([`crate::engine::REGISTRY`]): the compiler warns about a capability missing
//! there (W0603), and the engine refuses to play a set that uses one.

pub use crate::engine::{Capability, On};

/// Every capability the engine implements, in registry order.
pub const CAPABILITIES: &[Capability] = crate::engine::REGISTRY;

/// True when the engine implements the capability.
#[must_use]
pub fn is_known(name: &str) -> bool {
    CAPABILITIES.iter().any(|c| c.name == name)
}

/// Every capability name, in table order.
#[must_use]
pub fn names() -> Vec<&'static str> {
    CAPABILITIES.iter().map(|c| c.name).collect()
}
