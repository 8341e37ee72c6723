/**
 * The centre panel's tabs: the conversation, the data (tables, rows, SQL box), the charts, the
 * notebook.
 */
export type CenterView = 'chat' | 'data' | 'charts' | 'notebook';

export const CENTER_VIEWS: Array<{ id: CenterView; label: string; testid: string }> = [
  { id: 'chat', label: 'Conversation', testid: 'view-chat' },
  { id: 'data', label: 'Data', testid: 'view-data' },
  { id: 'charts', label: 'Charts', testid: 'view-charts' },
  { id: 'notebook', label: 'Notebook', testid: 'tab-notebook' },
];

/**
 * The tab shown when the person has not picked one since the session changed or their last
 * question: the data while there is no conversation yet (the profile is what a load shows),
 * the conversation once there is one.
 */
export function defaultView(turns: number): CenterView {
  return turns > 0 ? 'chat' : 'data';
}

/** Whether a scroller is at (or within a line of) its bottom: the conversation follows it then. */
export function atBottom(el: { scrollTop: number; clientHeight: number; scrollHeight: number }) {
  return el.scrollTop + el.clientHeight >= el.scrollHeight - 48;
}
