//! The capabilities' rule parameters (`acrobat.points`, `acrobat.pyramid`,
//! `ringmaster.bonus`, `goods.most`, `pig.bonus`), looked up once by name. A parameter is required only
//! when the chosen tiles or figures switch its capability on; a missing one is
//! an error that names every missing parameter, the kinds' included.

use std::collections::BTreeMap;

use super::tileset::SetupError;

/// The numbers the capability modules use (see `crate::capabilities`).
#[derive(Clone, Debug, Default)]
pub(super) struct Params {
    pub acrobat_points: i64,
    pub acrobat_pyramid: u32,
    pub ringmaster_bonus: i64,
    pub goods_most: i64,
    pub pig_bonus: i64,
}

/// Which capabilities are in play, so which parameters are required.
#[derive(Clone, Copy, Debug)]
pub(super) struct Needs {
    pub acrobats: bool,
    pub ringmaster: bool,
    pub goods: bool,
    pub pig: bool,
}

impl Params {
    /// Reads the parameters of the capabilities in play; `missing` already
    /// holds the kinds' missing parameters.
    pub fn from_rules(
        rules: &BTreeMap<String, i64>,
        needs: Needs,
        missing: &mut Vec<String>,
    ) -> Result<Params, SetupError> {
        let mut get = |name: &str, needed: bool| match rules.get(name) {
            Some(&v) => v,
            None => {
                if needed {
                    missing.push(name.to_string());
                }
                0
            }
        };
        let acrobats = needs.acrobats;
        let acrobat_points = get("acrobat.points", acrobats);
        let pyramid = get("acrobat.pyramid", acrobats);
        let ringmaster_bonus = get("ringmaster.bonus", needs.ringmaster);
        let goods_most = get("goods.most", needs.goods);
        let pig_bonus = get("pig.bonus", needs.pig);
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
        let acrobat_pyramid = match u32::try_from(pyramid) {
            Ok(n) if n >= 1 || !acrobats => n,
            _ => {
                return Err(SetupError(format!(
                    "rule parameter `acrobat.pyramid` must be at least 1, not {pyramid}"
                )))
            }
        };
        Ok(Params {
            acrobat_points,
            acrobat_pyramid,
            ringmaster_bonus,
            goods_most,
            pig_bonus,
        })
    }
}
