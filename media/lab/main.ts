// The query lab panel's script (dist/media/lab.js), loaded by the page of
// src/shell/webviews/html.ts under the same strict CSP as the other panels.
import './styles.css';
import { connect } from '../shared/connect';
import { startLabApp } from './app';
import { readToLabPanel, type FromLabPanel, type ToLabPanel } from './protocol';

const root = document.getElementById('app');
if (root) startLabApp(root, connect<ToLabPanel, FromLabPanel>('query lab panel', readToLabPanel));
else console.error('query lab panel: no #app element');
