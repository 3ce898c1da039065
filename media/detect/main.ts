// The image detection panel's script (dist/media/detect.js), loaded by the page of
// src/shell/webviews/html.ts under the same strict CSP as the results panel.
import './styles.css';
import { startDetectApp } from './app';
import { connect } from './messaging';

const root = document.getElementById('app');
if (root) startDetectApp(root, connect());
else console.error('detection panel: no #app element');
