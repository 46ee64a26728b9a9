//! All-or-nothing output directories: everything is written into a staging
//! directory beside the target (`.NAME.tmp-PID-RANDOM`, made exclusively by
//! [`super::temp`]), then moved into place by
//! renames. A run that fails (a full disk, an image that cannot be drawn) or
//! is interrupted removes the staging directory and leaves the target as it
//! was.

use std::path::{Path, PathBuf};

use super::cleanup;
use super::Failure;

/// A staging directory for one target directory.
pub struct Staging {
    target: PathBuf,
    dir: PathBuf,
    done: bool,
}

impl Staging {
    /// Creates the staging directory beside `target` (creating `target`'s
    /// parent if needed).
    pub fn new(target: &Path) -> Result<Staging, Failure> {
        cleanup::install();
        let name = target
            .file_name()
            .map_or_else(|| "out".to_string(), |n| n.to_string_lossy().into_owned());
        let parent = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if target.exists() && !target.is_dir() {
            return Err(Failure::Usage(format!(
                "cannot create output directory {}: a file of that name exists",
                target.display()
            )));
        }
        super::output::create_dir(&parent).map_err(|_| {
            Failure::Usage(format!(
                "cannot create output directory {}: its parent cannot be created",
                target.display()
            ))
        })?;
        let dir = super::temp::dir_in(&parent, &name).map_err(|e| {
            Failure::io(
                format_args!("cannot create output directory {}", target.display()),
                &e,
            )
        })?;
        Ok(Staging {
            target: target.to_path_buf(),
            dir,
            done: false,
        })
    }

    /// Where to write.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Moves what was written into the target: the whole directory when the
    /// target does not exist yet, else each top-level entry, replacing the
    /// entry of the same name.
    pub fn commit(mut self) -> Result<(), Failure> {
        let fail = |e: &std::io::Error| {
            Failure::io(format_args!("cannot write {}", self.target.display()), e)
        };
        if !self.target.exists() {
            std::fs::rename(&self.dir, &self.target).map_err(|e| fail(&e))?;
        } else {
            let entries: Vec<std::fs::DirEntry> = std::fs::read_dir(&self.dir)
                .and_then(Iterator::collect)
                .map_err(|e| fail(&e))?;
            // Refuse before moving anything when a file would replace a
            // directory or the other way round.
            for entry in &entries {
                let to = self.target.join(entry.file_name());
                if to.exists() && to.is_dir() != entry.path().is_dir() {
                    return Err(Failure::Usage(format!(
                        "cannot write {}: a {} of that name is in the way",
                        to.display(),
                        if to.is_dir() { "directory" } else { "file" }
                    )));
                }
            }
            for entry in entries {
                let to = self.target.join(entry.file_name());
                if to.is_dir() {
                    // A directory cannot be renamed over a full one: move the
                    // old one aside into the staging directory, which goes.
                    let aside = self
                        .dir
                        .join(format!(".old-{}", entry.file_name().to_string_lossy()));
                    std::fs::rename(&to, &aside).map_err(|e| fail(&e))?;
                }
                std::fs::rename(entry.path(), &to).map_err(|e| fail(&e))?;
            }
            cleanup::remove(&self.dir);
        }
        cleanup::unregister(&self.dir);
        self.done = true;
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.done {
            cleanup::remove(&self.dir);
            cleanup::unregister(&self.dir);
        }
    }
}
