//! "Did you mean": the closest known word to a misspelt one.

/// The candidate closest to `word` by edit distance (adjacent swaps count as one
/// edit), if it is close enough to be a plausible typo.
#[must_use]
pub fn did_you_mean<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(1);
    candidates
        .iter()
        .map(|c| (distance(&word.to_lowercase(), &c.to_lowercase()), *c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Optimal-string-alignment distance.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::did_you_mean;

    #[test]
    fn typos_find_their_keyword() {
        let kws = ["city", "road", "cloister", "crop-circle"];
        assert_eq!(did_you_mean("cty", &kws), Some("city"));
        assert_eq!(did_you_mean("raod", &kws), Some("road"));
        assert_eq!(did_you_mean("clositer", &kws), Some("cloister"));
        assert_eq!(did_you_mean("banana", &kws), None);
    }
}
