//! The layout tree: a file's tokens grouped into items, blocks, statements,
//! comment lines and blank lines: what the printer needs, nothing the layout
//! of the input decided.

use super::lex::Token;

/// A top-level line of the file.
#[derive(Debug)]
pub enum Top<'s> {
    /// An item: its header words, its block (`remove` has none) and a
    /// comment written after it on its last line.
    Item {
        header: Vec<&'s str>,
        /// Comments written inside the header (before its `{`).
        header_comments: Vec<&'s str>,
        block: Option<Block<'s>>,
        trailing: Option<&'s str>,
    },
    /// A comment or doc comment on a line of its own.
    Comment(&'s str),
    /// One or more blank lines.
    Blank,
}

/// The statements of a `{ ... }` block.
#[derive(Debug, Default)]
pub struct Block<'s> {
    /// A comment written after the `{` on its line.
    pub open: Option<&'s str>,
    /// In source order.
    pub entries: Vec<Entry<'s>>,
}

/// One line of a block.
#[derive(Debug)]
pub enum Entry<'s> {
    /// A statement and the comment after it on its line.
    Stmt(Stmt<'s>, Option<&'s str>),
    /// A comment on a line of its own.
    Comment(&'s str),
    /// One or more blank lines.
    Blank,
}

/// A statement: words, and the parameter blocks among them.
#[derive(Debug, Default)]
pub struct Stmt<'s> {
    /// In source order.
    pub parts: Vec<Part<'s>>,
}

/// A part of a statement.
#[derive(Debug)]
pub enum Part<'s> {
    /// A word or a quoted string.
    Word(&'s str),
    /// A nested block (`score network { tile 1 }`).
    Block(Block<'s>),
}

impl Block<'_> {
    /// True when the block holds no comment at any depth.
    pub fn has_comments(&self) -> bool {
        self.open.is_some()
            || self.entries.iter().any(|e| match e {
                Entry::Comment(_) | Entry::Stmt(_, Some(_)) => true,
                Entry::Stmt(s, None) => s.parts.iter().any(|p| match p {
                    Part::Block(b) => b.has_comments(),
                    Part::Word(_) => false,
                }),
                Entry::Blank => false,
            })
    }

    /// The statements, without comments and blank lines.
    pub fn statements(&self) -> impl Iterator<Item = &Stmt<'_>> {
        self.entries.iter().filter_map(|e| match e {
            Entry::Stmt(s, _) => Some(s),
            _ => None,
        })
    }
}

/// Reads tokens into the tree.
struct Reader<'t, 's> {
    tokens: &'t [Token<'s>],
    at: usize,
}

impl<'s> Reader<'_, 's> {
    fn peek(&self) -> Option<Token<'s>> {
        self.tokens.get(self.at).copied()
    }

    fn next(&mut self) -> Option<Token<'s>> {
        let t = self.peek();
        self.at += usize::from(t.is_some());
        t
    }

    /// The file's top-level lines.
    fn file(&mut self) -> Vec<Top<'s>> {
        let mut out = Vec::new();
        // Line breaks since the last token that was not one.
        let mut breaks = 2;
        while let Some(token) = self.peek() {
            match token {
                Token::Newline => {
                    self.at += 1;
                    breaks += 1;
                    if breaks == 2 && !out.is_empty() {
                        out.push(Top::Blank);
                    }
                }
                Token::Semi => self.at += 1,
                Token::Comment(c) => {
                    self.at += 1;
                    // A comment after an item on its line belongs to it.
                    match out.last_mut() {
                        Some(Top::Item { trailing, .. }) if breaks == 0 && trailing.is_none() => {
                            *trailing = Some(c);
                        }
                        _ => out.push(Top::Comment(c)),
                    }
                    breaks = 0;
                }
                _ => {
                    out.push(self.item());
                    breaks = 0;
                }
            }
        }
        while matches!(out.last(), Some(Top::Blank)) {
            out.pop();
        }
        out
    }

    /// One item: header words up to its `{` (or, for a braceless item, the
    /// end of its line), then its block.
    fn item(&mut self) -> Top<'s> {
        let mut header = Vec::new();
        let mut header_comments = Vec::new();
        let mut block = None;
        let braceless = matches!(self.peek(), Some(Token::Word("remove")));
        while let Some(token) = self.peek() {
            match token {
                Token::Word(w) | Token::Str(w) => {
                    self.at += 1;
                    header.push(w);
                }
                Token::Comment(c) if !braceless => {
                    self.at += 1;
                    header_comments.push(c);
                }
                Token::Newline if !braceless => self.at += 1,
                Token::Open if !braceless => {
                    self.at += 1;
                    block = Some(self.block());
                    break;
                }
                // A stray `}` at the top level: keep it, as a word.
                Token::Close if header.is_empty() => {
                    self.at += 1;
                    header.push("}");
                    break;
                }
                _ => break,
            }
        }
        Top::Item {
            header,
            header_comments,
            block,
            trailing: None,
        }
    }

    /// A block's entries, after its `{`, through its `}` (or the end of the file).
    fn block(&mut self) -> Block<'s> {
        let mut block = Block::default();
        let mut stmt = Stmt::default();
        let mut comment = None;
        // Line breaks since the last token that was not one.
        let mut breaks = 1;
        // The last statement ended with `;` on this line.
        let mut after_semi = false;
        // Still on the line of the `{`.
        let mut open_line = true;
        let finish = |block: &mut Block<'s>, stmt: &mut Stmt<'s>, comment: &mut Option<&'s str>| {
            if !stmt.parts.is_empty() {
                block
                    .entries
                    .push(Entry::Stmt(std::mem::take(stmt), comment.take()));
            } else if let Some(c) = comment.take() {
                block.entries.push(Entry::Comment(c));
            }
        };
        while let Some(token) = self.next() {
            match token {
                Token::Word(w) | Token::Str(w) => {
                    stmt.parts.push(Part::Word(w));
                    breaks = 0;
                }
                Token::Open => {
                    let inner = self.block();
                    stmt.parts.push(Part::Block(inner));
                    breaks = 0;
                }
                Token::Close => break,
                Token::Semi => {
                    after_semi = !stmt.parts.is_empty() || after_semi;
                    finish(&mut block, &mut stmt, &mut comment);
                }
                Token::Newline => {
                    finish(&mut block, &mut stmt, &mut comment);
                    after_semi = false;
                    open_line = false;
                    breaks += 1;
                    if breaks == 2 && !block.entries.is_empty() {
                        block.entries.push(Entry::Blank);
                    }
                }
                Token::Comment(c) => {
                    breaks = 0;
                    if !stmt.parts.is_empty() {
                        comment = Some(c);
                    } else if open_line && block.entries.is_empty() && block.open.is_none() {
                        block.open = Some(c);
                    } else if after_semi {
                        if let Some(Entry::Stmt(_, slot @ None)) = block.entries.last_mut() {
                            *slot = Some(c);
                        } else {
                            block.entries.push(Entry::Comment(c));
                        }
                    } else {
                        block.entries.push(Entry::Comment(c));
                    }
                }
            }
        }
        finish(&mut block, &mut stmt, &mut comment);
        while matches!(block.entries.last(), Some(Entry::Blank)) {
            block.entries.pop();
        }
        block
    }
}

/// The layout tree of a token stream.
#[must_use]
pub fn file<'s>(tokens: &[Token<'s>]) -> Vec<Top<'s>> {
    Reader { tokens, at: 0 }.file()
}
