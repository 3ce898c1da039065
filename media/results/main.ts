// The results panel's script (dist/media/results.js), loaded by the page of src/shell/webviews/html.ts.
import 'uplot/dist/uPlot.min.css';
import './styles.css';
import { startApp } from './app';
import { connect } from './messaging';

const root = document.getElementById('app');
if (root) startApp(root, connect());
else console.error('results panel: no #app element');
