// The one reader, drawn by every host: the extension (a member's session) and the embed snippet (a site key).
export { useAssistant } from './assistant';
export type {
  Locale,
  ReaderHost,
  ReaderPanelProps,
  ReaderProgress,
  ReaderStorage,
  ReaderTransport,
  RunRecord,
  Scenario,
} from './host';
export { PanelHost, type PanelHostProps } from './panel-host';
export { mountReader, type ReaderHandle } from './reader';
export { panelIntl, render } from './render';
export { siteKeyTransport, siteStorage } from './site-key';
