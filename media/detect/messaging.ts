// The detection panel's line to the extension (media/connect.ts), typed with its protocol.
import { connect as connectPanel, type Messaging as PanelMessaging } from '../shared/connect';
import { readToDetectPanel, type FromDetectPanel, type ToDetectPanel } from './protocol';

export type Messaging = PanelMessaging<ToDetectPanel, FromDetectPanel>;

export const connect = (): Messaging =>
  connectPanel<ToDetectPanel, FromDetectPanel>('detection panel', readToDetectPanel);
