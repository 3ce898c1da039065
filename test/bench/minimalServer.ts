// The floor of the language server's start: the least a server on the same library does, built
// the same way as dist/server.js (test/bench/build.mjs). It connects over the same transport and
// answers `initialize` with no capabilities; nothing else.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';

const connection = createConnection(ProposedFeatures.all);
connection.onInitialize(() => ({ capabilities: {} }));
connection.listen();
