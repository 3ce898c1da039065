// The rule parts panel's script (dist/media/parts.js), loaded by the page of
// src/shell/webviews/html.ts under the same strict CSP as the other panels.
import './styles.css';
import { connect } from '../shared/connect';
import { startPartsApp } from './app';
import { readToPartsPanel, type FromPartsPanel, type ToPartsPanel } from './protocol';

const root = document.getElementById('app');
if (root)
  startPartsApp(root, connect<ToPartsPanel, FromPartsPanel>('rule parts panel', readToPartsPanel));
else console.error('rule parts panel: no #app element');
