//! "Did you mean": the closest known word to a misspelt one.

/// The candidate closest to `word` by edit distance (adjacent swaps count as one
/// edit), if it is close enough to be a plausible typo.
#[must_use]
pub fn did_you_mean<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let word: Vec<char> = word.to_lowercase().chars().collect();
    let limit = (word.len() / 3).max(1);
    candidates
        .iter()
        .filter_map(|c| {
            let c_low: Vec<char> = c.to_lowercase().chars().collect();
            // The distance is at least the difference in length: most
            // candidates are ruled out without a table.
            (word.len().abs_diff(c_low.len()) <= limit).then(|| (distance(&word, &c_low), *c))
        })
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Optimal-string-alignment distance, with three rolling rows.
fn distance(a: &[char], b: &[char]) -> usize {
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut row: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1)
                .min(row[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            row[j] = best;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut row);
    }
    previous[b.len()]
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
