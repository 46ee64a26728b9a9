//! Export for play-testing: print-and-play PDF sheets ([`pdf`]). Everything here
//! reads the wire types only, so it works from `tileset.json` as well as from a
//! freshly compiled set, and does no I/O: the CLI writes the bytes.

pub mod pdf;
