// The tileforge extension: starts `tileforge lsp` (the binary named by the
// `tileforge.path` setting) for `.tiles` files.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("tileforge").get("path", "tileforge");
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "tileforge",
    "tileforge",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "tiles" }, { scheme: "untitled", language: "tiles" }] }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
