//! Rule parameters by name: the declarations' values overridden by `rules`
//! blocks. A parameter is required only when what reads it is in play (a kind
//! the tiles use, a rule module switched on); every missing one is gathered,
//! so the error names them all at once.

use std::collections::BTreeMap;

use super::error::SetupError;

/// The rule parameters of a set, and the required ones found missing.
#[derive(Debug)]
pub struct Params {
    values: BTreeMap<String, i64>,
    missing: Vec<String>,
}

impl Params {
    /// The parameters by full name (`city.tile.complete`).
    pub fn new(values: BTreeMap<String, i64>) -> Params {
        Params {
            values,
            missing: Vec::new(),
        }
    }

    /// A parameter's value, if any declaration or rules block gives it.
    pub fn get(&self, name: &str) -> Option<i64> {
        self.values.get(name).copied()
    }

    /// A parameter that must be given when `needed`: 0 (and recorded as
    /// missing) when it is not.
    pub fn require(&mut self, name: &str, needed: bool) -> i64 {
        match self.values.get(name) {
            Some(&v) => v,
            None => {
                if needed {
                    self.missing.push(name.to_string());
                }
                0
            }
        }
    }

    /// Records a required parameter as missing.
    pub fn missing(&mut self, name: String) {
        self.missing.push(name);
    }

    /// Every parameter by name.
    pub fn all(&self) -> &BTreeMap<String, i64> {
        &self.values
    }

    /// Fails naming every required parameter found missing.
    ///
    /// # Errors
    /// Some required parameter is missing.
    pub fn check(&self) -> Result<(), SetupError> {
        let missing = &self.missing;
        if missing.is_empty() {
            return Ok(());
        }
        Err(SetupError(format!(
            "the chosen tiles need rule parameter{} {} but no rules block gives {}",
            if missing.len() == 1 { "" } else { "s" },
            missing
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(", "),
            if missing.len() == 1 { "it" } else { "them" },
        )))
    }
}
