//! The formatter's tokens: every byte of a `.tiles` file that matters to its
//! layout, comments included (the parser's grammar drops them).

/// One token, borrowing its text from the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token<'s> {
    /// A name, compass word, number, count, tile id, `->` or any other run of
    /// characters up to a space, a brace, a `;`, a quote or a comment.
    Word(&'s str),
    /// A quoted string, quotes included (an unterminated one ends at the line's end).
    Str(&'s str),
    /// `{`
    Open,
    /// `}`
    Close,
    /// `;`
    Semi,
    /// A line break.
    Newline,
    /// A `//` comment or a `///` doc comment, trailing spaces trimmed.
    Comment(&'s str),
}

fn ends_word(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'{' | b'}' | b';' | b'"')
}

/// Cuts `text` into tokens. Never fails: every byte lands in a token or is
/// layout (spaces, tabs, carriage returns).
#[must_use]
pub fn tokens(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b' ' | b'\t' | b'\r' => i += 1,
            b'\n' => {
                out.push(Token::Newline);
                i += 1;
            }
            b'{' => {
                out.push(Token::Open);
                i += 1;
            }
            b'}' => {
                out.push(Token::Close);
                i += 1;
            }
            b';' => {
                out.push(Token::Semi);
                i += 1;
            }
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += 1;
                }
                if i < bytes.len() && bytes[i] == b'"' {
                    i += 1;
                }
                out.push(Token::Str(&text[start..i]));
            }
            _ if bytes[i..].starts_with(b"//") => {
                let start = i;
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                out.push(Token::Comment(text[start..i].trim_end()));
            }
            _ => {
                let start = i;
                // `->N` is the arrow and its target; `S->N` stays one word
                // (the grammar reads it as one, and rejects it).
                if bytes[i..].starts_with(b"->") {
                    out.push(Token::Word("->"));
                    i += 2;
                    continue;
                }
                while i < bytes.len() && !ends_word(bytes[i]) && !bytes[i..].starts_with(b"//") {
                    i += 1;
                }
                out.push(Token::Word(&text[start..i]));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_strings_and_arrows_are_tokens() {
        let t = tokens("tile \"a b\" x2 { road S ->N // to the city\n}");
        assert_eq!(
            t,
            [
                Token::Word("tile"),
                Token::Str("\"a b\""),
                Token::Word("x2"),
                Token::Open,
                Token::Word("road"),
                Token::Word("S"),
                Token::Word("->"),
                Token::Word("N"),
                Token::Comment("// to the city"),
                Token::Newline,
                Token::Close,
            ]
        );
    }

    #[test]
    fn a_word_ends_where_a_comment_begins() {
        assert_eq!(
            tokens("base/D//x"),
            [Token::Word("base/D"), Token::Comment("//x")]
        );
    }
}
