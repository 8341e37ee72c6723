/**
 * Saving the report or the whole session as a file, from the page's buttons. Moved out of
 * App.svelte to keep it small; a failure is said as the sessions' notice, where the page shows it.
 */
import { reportHtml } from '../adapters/report-html.ts';
import { errorMessage } from '../core/errors.ts';
import { reportDocument, reportMarkdown } from '../core/report/report-document.ts';
import type { Analyst } from '../state/analyst.svelte.ts';
import { exportSession } from '../state/session-transfer.ts';
import type { Sessions } from '../state/sessions.svelte.ts';
import type { Workspace } from '../state/workspace.svelte.ts';
import { downloadBlob, fileNameFor } from './items/download.ts';

export async function exportReport(
  format: 'html' | 'md',
  { analyst, workspace, sessions }: { analyst: Analyst; workspace: Workspace; sessions: Sessions },
): Promise<void> {
  try {
    const doc = reportDocument(analyst.view, workspace.tables, new Date());
    if (!doc) return;
    const session = sessions.active.meta?.title ?? null;
    const name = fileNameFor({ session, what: doc.title, ext: format, fallback: 'report' });
    if (format === 'md')
      downloadBlob(new Blob([reportMarkdown(doc)], { type: 'text/markdown' }), name);
    else downloadBlob(new Blob([await reportHtml(doc)], { type: 'text/html' }), name);
  } catch (e) {
    sessions.status.notice = `The report could not be exported: ${errorMessage(e)}`;
  }
}

export function exportCurrent(sessions: Sessions): void {
  try {
    const { blob, fileName } = exportSession(sessions.active);
    downloadBlob(blob, fileName);
  } catch (e) {
    sessions.status.notice = `The session could not be exported: ${errorMessage(e)}`;
  }
}
