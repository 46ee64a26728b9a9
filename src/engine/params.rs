//! The rule parameters, looked up once by name from the tile set's `rules`
//! blocks. A parameter is required only when the chosen tiles or figures use it;
//! a missing one is an error that names every missing parameter.

use std::collections::BTreeMap;

use super::tileset::SetupError;
use crate::kinds::FeatureKind;

/// Every number the scoring rules use (see `crate::rules::known`).
#[derive(Clone, Debug, Default)]
pub(super) struct Params {
    pub road_tile: i64,
    pub city_tile_complete: i64,
    pub city_pennant_complete: i64,
    pub city_tile_incomplete: i64,
    pub city_pennant_incomplete: i64,
    pub cloister_complete: i64,
    pub cloister_tile_incomplete: i64,
    pub field_city: i64,
    pub acrobat_points: i64,
    pub acrobat_pyramid: u32,
    pub ringmaster_bonus: i64,
}

impl Params {
    /// Reads the parameters; `has` says whether a feature kind is in play.
    pub fn from_rules(
        rules: &BTreeMap<String, i64>,
        has: impl Fn(FeatureKind) -> bool,
        ringmaster: bool,
    ) -> Result<Params, SetupError> {
        let mut missing = Vec::new();
        let mut get = |name: &'static str, needed: bool| match rules.get(name) {
            Some(&v) => v,
            None => {
                if needed {
                    missing.push(name);
                }
                0
            }
        };
        let city = has(FeatureKind::City);
        let cloister = has(FeatureKind::Cloister);
        let acrobats = has(FeatureKind::Acrobats);
        let mut p = Params {
            road_tile: get("road.tile", has(FeatureKind::Road)),
            city_tile_complete: get("city.tile.complete", city),
            city_pennant_complete: get("pennant.complete", city),
            city_tile_incomplete: get("city.tile.incomplete", city),
            city_pennant_incomplete: get("pennant.incomplete", city),
            cloister_complete: get("cloister.complete", cloister),
            cloister_tile_incomplete: get("cloister.tile.incomplete", cloister),
            field_city: get("field.city", has(FeatureKind::Field) && city),
            acrobat_points: get("acrobat.points", acrobats),
            acrobat_pyramid: 0,
            ringmaster_bonus: get("ringmaster.bonus", ringmaster),
        };
        let pyramid = get("acrobat.pyramid", acrobats);
        if !missing.is_empty() {
            return Err(SetupError(format!(
                "the chosen tiles need rule parameter{} {} but no rules block gives {}",
                if missing.len() == 1 { "" } else { "s" },
                missing
                    .iter()
                    .map(|m| format!("`{m}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
                if missing.len() == 1 { "it" } else { "them" },
            )));
        }
        p.acrobat_pyramid = match u32::try_from(pyramid) {
            Ok(n) if n >= 1 || !acrobats => n,
            _ => {
                return Err(SetupError(format!(
                    "rule parameter `acrobat.pyramid` must be at least 1, not {pyramid}"
                )))
            }
        };
        Ok(p)
    }
}
