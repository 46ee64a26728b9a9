//! The JSON layout of the wire format: indented like serde_json's pretty form,
//! but an array of plain values stays on one line (`"slots": ["NNW", "N"]`),
//! which keeps tileset.json short and readable. A serde_json `Formatter`, so it
//! streams without building a tree; key order is the wire types' field order.

use std::io::{self, Write};

use serde_json::ser::Formatter;

/// How an open array is laid out, decided by its first element.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    Undecided,
    Inline,
    Lines,
}

#[derive(Clone, Copy)]
enum Frame {
    Array(Layout),
    Object { has_keys: bool },
}

/// Pretty formatter with one-line arrays of plain values.
#[derive(Default)]
pub struct WireFormatter {
    stack: Vec<Frame>,
    /// Set by `begin_array_value` until the value starts: is it the first?
    pending: Option<bool>,
}

impl WireFormatter {
    fn newline<W: ?Sized + Write>(&self, w: &mut W) -> io::Result<()> {
        w.write_all(b"\n")?;
        for _ in 0..self.stack.len() {
            w.write_all(b"  ")?;
        }
        Ok(())
    }

    /// Writes what goes before an array element, now that its kind is known.
    fn start_value<W: ?Sized + Write>(&mut self, w: &mut W, container: bool) -> io::Result<()> {
        let Some(first) = self.pending.take() else {
            return Ok(());
        };
        let Some(Frame::Array(layout)) = self.stack.last_mut() else {
            return Ok(());
        };
        if *layout == Layout::Undecided {
            *layout = if container {
                Layout::Lines
            } else {
                Layout::Inline
            };
        }
        match *layout {
            Layout::Lines => {
                if !first {
                    w.write_all(b",")?;
                }
                self.newline(w)
            }
            _ if first => Ok(()),
            _ => w.write_all(b", "),
        }
    }
}

macro_rules! scalar {
    ($($name:ident($t:ty)),* $(,)?) => {
        $(fn $name<W: ?Sized + Write>(&mut self, w: &mut W, value: $t) -> io::Result<()> {
            self.start_value(w, false)?;
            serde_json::ser::CompactFormatter.$name(w, value)
        })*
    };
}

impl Formatter for WireFormatter {
    scalar!(
        write_bool(bool),
        write_i8(i8),
        write_i16(i16),
        write_i32(i32),
        write_i64(i64),
        write_i128(i128),
        write_u8(u8),
        write_u16(u16),
        write_u32(u32),
        write_u64(u64),
        write_u128(u128),
        write_f32(f32),
        write_f64(f64),
        write_number_str(&str),
    );

    fn write_null<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.start_value(w, false)?;
        w.write_all(b"null")
    }

    fn begin_string<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.start_value(w, false)?;
        w.write_all(b"\"")
    }

    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.start_value(w, true)?;
        self.stack.push(Frame::Array(Layout::Undecided));
        w.write_all(b"[")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, _: &mut W, first: bool) -> io::Result<()> {
        self.pending = Some(first);
        Ok(())
    }

    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        if let Some(Frame::Array(Layout::Lines)) = self.stack.pop() {
            self.newline(w)?;
        }
        w.write_all(b"]")
    }

    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.start_value(w, true)?;
        self.stack.push(Frame::Object { has_keys: false });
        w.write_all(b"{")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if let Some(Frame::Object { has_keys }) = self.stack.last_mut() {
            *has_keys = true;
        }
        if !first {
            w.write_all(b",")?;
        }
        self.newline(w)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }

    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        if let Some(Frame::Object { has_keys: true }) = self.stack.pop() {
            self.newline(w)?;
        }
        w.write_all(b"}")
    }
}

/// Serialises a value in this layout, with a final newline.
#[must_use]
pub fn to_string<T: serde::Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::with_capacity(1 << 16);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, WireFormatter::default());
    if value.serialize(&mut ser).is_err() {
        return "null\n".to_string();
    }
    out.push(b'\n');
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn plain_arrays_stay_on_one_line() {
        let value = serde_json::json!({"id": "a/b", "slots": ["N", "S"], "features": [{"k": 1}], "none": [], "o": {}});
        assert_eq!(
            super::to_string(&value),
            "{\n  \"features\": [\n    {\n      \"k\": 1\n    }\n  ],\n  \"id\": \"a/b\",\n  \"none\": [],\n  \"o\": {},\n  \"slots\": [\"N\", \"S\"]\n}\n"
        );
    }
}
