//! Progress bars on stderr for `build`, `render` and `export`: only when
//! stderr is a terminal (never in a pipe, a log or a test's captured output),
//! and only once the run has taken longer than [`DELAY`], so a quick run
//! prints nothing extra. The bar is cleared when the run ends.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before its bar appears.
pub const DELAY: Duration = Duration::from_millis(400);

/// A bar counting `what` (e.g. "images"); invisible until [`DELAY`] passed.
pub struct Bar {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: AtomicBool,
    what: &'static str,
}

impl Bar {
    /// A bar for a run of a length not yet known (see
    /// [`crate::progress::Progress::start`]); none unless stderr is a terminal.
    pub fn new(what: &'static str) -> Bar {
        Bar::with_target(
            what,
            std::io::stderr().is_terminal() && !super::verbosity::quiet(),
        )
    }

    fn with_target(what: &'static str, terminal: bool) -> Bar {
        let bar = terminal.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template(
                "{bar:30} {human_pos}/{human_len} {msg}, {elapsed} ({eta} left)",
            ) {
                bar.set_style(style);
            }
            bar.set_message(what);
            bar
        });
        Bar {
            bar,
            started: Instant::now(),
            shown: AtomicBool::new(false),
            what,
        }
    }

    /// A bar of `total` steps.
    pub fn of(total: u64, what: &'static str) -> Bar {
        let bar = Bar::new(what);
        crate::progress::Progress::start(&bar, total);
        bar
    }

    /// Clears the bar (call when the run ends, before its summary line).
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl crate::progress::Progress for Bar {
    fn start(&self, total: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(total);
            bar.set_message(self.what);
        }
    }

    fn advance(&self, n: u64) {
        let Some(bar) = &self.bar else {
            return;
        };
        bar.inc(n);
        if self.started.elapsed() >= DELAY && !self.shown.swap(true, Ordering::Relaxed) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Progress;

    #[test]
    fn no_bar_off_a_terminal() {
        let bar = Bar::with_target("images", false);
        bar.start(3);
        bar.advance(3);
        assert!(bar.bar.is_none());
    }

    #[test]
    fn a_bar_stays_hidden_for_a_moment_then_shows() {
        let bar = Bar::with_target("images", true);
        bar.start(10);
        bar.advance(1);
        let inner = bar.bar.as_ref().expect("a terminal has a bar");
        assert!(inner.is_hidden(), "shown before the delay");
        assert_eq!(inner.position(), 1);
        assert_eq!(inner.length(), Some(10));
        assert!(!bar.shown.load(Ordering::Relaxed));
    }
}
