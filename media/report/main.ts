// The upload report panel's script (dist/media/report.js), loaded by the page of
// src/shell/webviews/html.ts under the same strict CSP as the other panels.
import './styles.css';
import { connect } from '../shared/connect';
import { readToReportPanel, type FromReportPanel, type ToReportPanel } from './protocol';
import { startReportApp } from './app';

const root = document.getElementById('app');
if (root)
  startReportApp(
    root,
    connect<ToReportPanel, FromReportPanel>('upload report panel', readToReportPanel),
  );
else console.error('upload report panel: no #app element');
