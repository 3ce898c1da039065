// The language feature's bundle (dist/language.js), loaded when the first .mmq document opens or
// a feature first asks about a query: the language client (vscode-languageclient) stays out of
// dist/extension.js, which loads at activation.
export { LanguageSession } from './languageSession';
