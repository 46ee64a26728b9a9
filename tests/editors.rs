//! The editor files: the VS Code extension's manifest, its language settings
//! and the TextMate grammar are valid JSON that agree with each other and
//! with the language (every top-level keyword is highlighted as one, and the
//! grammar's patterns match what they name in a shipped file).

use serde_json::Value;

fn json(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_extension_declares_the_language_grammar_and_server() {
    let manifest = json("editors/vscode/package.json");
    let language = &manifest["contributes"]["languages"][0];
    assert_eq!(language["id"], "tiles");
    assert_eq!(language["extensions"][0], ".tiles");
    let grammar = &manifest["contributes"]["grammars"][0];
    assert_eq!(grammar["language"], "tiles");
    assert_eq!(grammar["scopeName"], "source.tiles");
    let path = format!(
        "editors/vscode/{}",
        grammar["path"].as_str().expect("grammar path")
    );
    assert_eq!(json(&path)["scopeName"], "source.tiles");
    json("editors/vscode/language-configuration.json");
    let main = format!(
        "editors/vscode/{}",
        manifest["main"].as_str().expect("main")
    );
    let client = std::fs::read_to_string(&main).expect("client source");
    assert!(
        client.contains("args: [\"lsp\"]"),
        "the client starts `tileforge lsp`"
    );
}

#[test]
fn every_top_level_keyword_is_highlighted_as_a_declaration() {
    let grammar =
        std::fs::read_to_string("editors/vscode/syntaxes/tiles.tmLanguage.json").expect("grammar");
    let grammar: Value = serde_json::from_str(&grammar).expect("json");
    let declarations = grammar["repository"]["declarations"]["patterns"].to_string();
    for keyword in tileforge::syntax::split::TOP_LEVEL {
        assert!(
            declarations.contains(keyword),
            "`{keyword}` is not among the grammar's declarations"
        );
    }
}
